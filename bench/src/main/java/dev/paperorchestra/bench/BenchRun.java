package dev.paperorchestra.bench;

import dev.paperorchestra.bench.report.ResultsWriter;
import dev.paperorchestra.bench.run.BenchPaperIds;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * BENCH_DIR/bench.json: which dataset, deployment and mode this bench directory belongs to, and the run id its
 * paper ids derive from. A resumed run must be the same run: another dataset, deployment or mode is refused.
 */
record BenchRun(String runId, String tag, boolean offline) {

    static final String FILE = "bench.json";

    static BenchRun openOrCreate(Path benchDir, Path datasetRoot, String deployment, boolean offline) {
        Path file = benchDir.resolve(FILE);
        if (Files.isRegularFile(file)) {
            JsonNode json;
            try {
                json = Json.mapper().readTree(Files.readString(file));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
            String dataset = json.path("dataset").asString();
            String before = json.path("deployment").asString();
            boolean wasOffline = json.path("offline").asBoolean();
            if (!dataset.equals(datasetRoot.toString()) || !before.equals(deployment) || wasOffline != offline) {
                throw new IllegalArgumentException(benchDir + " belongs to another run (" + file + ": dataset " + dataset
                        + ", deployment " + before + ", " + (wasOffline ? "offline" : "model") + "); resume it with the "
                        + "same dataset, deployment and mode, or choose another --out");
            }
            String runId = json.path("runId").asString();
            return new BenchRun(runId, BenchPaperIds.runTag(runId), offline);
        }
        String runId = UUID.randomUUID().toString();
        ResultsWriter.atomicWrite(file, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(
                Json.mapper().createObjectNode().put("runId", runId).put("dataset", datasetRoot.toString())
                        .put("deployment", deployment).put("offline", offline)) + "\n");
        return new BenchRun(runId, BenchPaperIds.runTag(runId), offline);
    }
}
