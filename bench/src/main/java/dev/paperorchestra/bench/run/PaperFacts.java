package dev.paperorchestra.bench.run;

import dev.paperorchestra.runtime.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/** The compile result and gate tally of a written paper, for its console line: "compiled, 9 pages; gates 4 of 5 passed". */
final class PaperFacts {

    private PaperFacts() {
    }

    static String line(Path outputDir) {
        JsonNode summary;
        try {
            summary = Json.mapper().readTree(Files.readString(outputDir.resolve("summary.json")));
        } catch (IOException | RuntimeException e) {
            return ""; // no summary: the verdict says so
        }
        List<String> parts = new ArrayList<>();
        JsonNode compile = summary.path("compile");
        String status = compile.path("status").asString("unknown").toLowerCase(Locale.ROOT);
        parts.add((status.equals("compiled") ? "compiled" : "compile " + status)
                + (compile.path("pages").isNumber() ? ", " + compile.path("pages").asInt() + " pages" : ""));
        JsonNode gates = summary.path("writerGates").path("gates");
        if (gates.isArray() && !gates.isEmpty()) {
            int passed = 0;
            for (JsonNode gate : gates) {
                passed += gate.path("passed").asBoolean() ? 1 : 0;
            }
            parts.add("gates " + passed + " of " + gates.size() + " passed");
        }
        JsonNode checks = summary.path("checks");
        if (checks.isArray() && !checks.isEmpty()) {
            int passed = 0;
            for (JsonNode check : checks) {
                passed += check.path("passed").asBoolean() ? 1 : 0;
            }
            parts.add("checks " + passed + " of " + checks.size() + " passed");
        }
        return String.join("; ", parts);
    }
}
