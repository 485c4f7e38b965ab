package dev.paperorchestra.bench.revise;

import dev.paperorchestra.bench.report.ResultsWriter;
import dev.paperorchestra.content.materials.MaterialsZip;
import dev.paperorchestra.content.revision.PaperSource;
import dev.paperorchestra.base.errors.AgentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.service.client.PaperServiceClient;
import dev.paperorchestra.service.client.ServiceCallException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs the revise task: each case submitted to the paper service as {@code po submit --revise} submits it, awaited,
 * its outputs fetched under BENCH_DIR/cases/CASE/, and rated. Writes BENCH_DIR/results.jsonl, results.csv,
 * summary.json and report.html.
 */
public final class ReviseBench {

    private static final Set<String> FINAL = Set.of("COMPLETED", "INCOMPLETE", "FAILED", "CANCELLED");
    /** The service's states of a revision whose outputs are written: passed, and ran but did not pass. */
    private static final Set<String> WRITTEN = Set.of("COMPLETED", "INCOMPLETE");
    private static final Duration POLL = Duration.ofSeconds(1);
    /** A comparison the judge could not make: neither a win, a tie nor a loss, and in the win rate's base. */
    static final String UNJUDGED = "unjudged";

    /**
     * @param benchDir where results go
     * @param offline  the revisions' mode, as po submit --revise --offline
     * @param timeout  how long one case may take from its submission
     */
    public record Settings(Path benchDir, boolean offline, Duration timeout) {
    }

    private final PaperServiceClient client;
    private final RevisionJudge judge;
    private final Settings settings;
    private final PrintStream out;

    public ReviseBench(PaperServiceClient client, RevisionJudge judge, Settings settings, PrintStream out) {
        this.client = client;
        this.judge = judge;
        this.settings = settings;
        this.out = out;
    }

    /** @return the rows, one per case, as written to results.jsonl */
    public List<Map<String, @Nullable Object>> run(List<ReviseCase> cases) {
        List<Map<String, @Nullable Object>> rows = new ArrayList<>();
        for (ReviseCase revision : cases) {
            out.println("po bench: revise " + revision.name());
            rows.add(row(revision));
        }
        write(rows);
        return rows;
    }

    private Map<String, @Nullable Object> row(ReviseCase revision) {
        Map<String, @Nullable Object> row = new LinkedHashMap<>();
        row.put("case", revision.name());
        String paperId;
        try {
            paperId = submit(revision);
        } catch (ServiceCallException | IllegalArgumentException e) {
            row.put("state", "REFUSED");
            row.put("failure_reason", e.getMessage());
            return row;
        }
        row.put("paper_id", paperId);
        JsonNode paper = await(paperId);
        String state = paper.path("state").asString("TIMED_OUT");
        row.put("state", state);
        if (!WRITTEN.contains(state)) {
            row.put("failure_reason", paper.path("failureReason").asString("not finished within "
                    + settings.timeout()));
            return row;
        }
        Path caseDir = settings.benchDir().resolve("cases").resolve(revision.name());
        Map<String, byte[]> files = fetch(paperId, caseDir);
        JsonNode summary = json(files.get("revision/summary.json"));
        JsonNode decisions = json(files.get("revision/decisions.json"));
        JsonNode points = json(files.get("revision/points.json"));
        row.put("output_dir", settings.benchDir().relativize(caseDir).toString());
        row.put("mode", summary.path("mode").asString());
        row.put("valid_pdf", summary.path("validPdf").asBoolean());
        row.put("passed", summary.path("passed").asBoolean());
        int addressed = 0;
        int needsExperiments = 0;
        for (JsonNode decision : decisions) {
            JsonNode answered = decision.path("answered");
            String kind = answered.path("decision").asString();
            if (kind.equals("REVISE") || kind.equals("ADD")
                    || kind.equals("REBUT") && !answered.path("evidence").isEmpty()) {
                addressed++;
            }
            if (kind.equals("NEEDS_NEW_EXPERIMENTS")) {
                needsExperiments++;
            }
        }
        row.put("points", decisions.size());
        row.put("points_addressed", addressed);
        row.put("addressed_rate", decisions.isEmpty() ? null : round(addressed / (double) decisions.size()));
        row.put("needs_new_experiments", needsExperiments);
        row.put("fabrication_findings", summary.at("/audit/findings").size());
        row.put("audit_clean", summary.at("/audit/clean").asBoolean());
        row.put("edits_kept", summary.at("/edits/kept").asLong());
        row.put("edits_rolled_back", summary.at("/edits/rolledBack").asLong());
        row.put("edits_rejected", summary.at("/edits/rejected").asLong());
        row.put("decisions", decisionList(decisions));
        List<String> quotes = new ArrayList<>();
        points.forEach(point -> quotes.add(point.path("quote").asString()));
        String revised = withoutLeadingComments(revisedTex(files));
        String original = PaperSource.read(revision.paper()).tex();
        rate(row, "vs_original", judge, revision.name(), quotes, revised, original);
        if (revision.reference() != null) {
            rate(row, "vs_camera_ready", judge, revision.name(), quotes, revised,
                    PaperSource.read(revision.reference()).tex());
        }
        return row;
    }

    /**
     * One pairwise comparison into the row: the combined verdict under {@code column} and both orders under
     * {@code column_orders}. A judge that fails (the provider unavailable after the gateway's retries, or an answer
     * that is not the schema after its repairs) leaves the comparison {@value #UNJUDGED} with the reason under
     * {@code column_error}: counted as no win, and the other cases and comparisons still run.
     */
    static void rate(Map<String, @Nullable Object> row, String column, RevisionJudge judge, String caseName,
            List<String> points, String revised, String other) {
        try {
            RevisionJudge.Verdict verdict = judge.judge(caseName, points, revised, other);
            row.put(column, verdict.combined());
            row.put(column + "_orders", verdict.revisedFirst() + "/" + verdict.revisedSecond());
        } catch (AgentException e) {
            row.put(column, UNJUDGED);
            row.put(column + "_error", (e instanceof RetriableException ? "retriable: " : "permanent: ")
                    + e.getMessage());
        }
    }

    /** "R1.1=ADD;R1.2=..." in point order: the answered decisions, comparable across runs at a glance. */
    static String decisionList(JsonNode decisions) {
        List<String> parts = new ArrayList<>();
        decisions.forEach(decision -> parts.add(decision.path("pointId").asString() + "="
                + decision.at("/answered/decision").asString()));
        return String.join(";", parts);
    }

    private String submit(ReviseCase revision) {
        Path paperZip = null;
        Path materialsZip = null;
        try {
            paperZip = Files.createTempFile("po-bench-paper-", ".zip");
            MaterialsZip.write(revision.paper(), paperZip);
            if (revision.materials() != null) {
                materialsZip = Files.createTempFile("po-bench-materials-", ".zip");
                MaterialsZip.write(revision.materials(), materialsZip);
            }
            return client.submitRevision(paperZip, revision.reviews(), materialsZip, revision.verifiedBib(),
                    Map.of("offline", Boolean.toString(settings.offline()))).path("paperId").asString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot zip case " + revision.name(), e);
        } finally {
            for (Path zip : java.util.Arrays.asList(paperZip, materialsZip)) {
                if (zip != null) {
                    zip.toFile().delete();
                }
            }
        }
    }

    private JsonNode await(String paperId) {
        Instant deadline = Instant.now().plus(settings.timeout());
        JsonNode paper = client.paper(paperId);
        while (!FINAL.contains(paper.path("state").asString()) && Instant.now().isBefore(deadline)) {
            try {
                Thread.sleep(POLL);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + paperId, e);
            }
            paper = client.paper(paperId);
        }
        return FINAL.contains(paper.path("state").asString()) ? paper
                : Json.mapper().createObjectNode().put("paperId", paperId);
    }

    /** The paper's files from its bundle, also written under {@code caseDir}. */
    private Map<String, byte[]> fetch(String paperId, Path caseDir) {
        try {
            Path zip = Files.createTempFile("po-bench-bundle-", ".zip");
            try {
                client.bundle(paperId, zip);
                Map<String, byte[]> files = new LinkedHashMap<>();
                try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
                    for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                        String name = entry.getName().substring(entry.getName().indexOf('/') + 1);
                        Path target = caseDir.resolve(name).normalize();
                        if (entry.isDirectory() || !target.startsWith(caseDir)) {
                            continue;
                        }
                        byte[] content = in.readAllBytes();
                        files.put(name, content);
                        Files.createDirectories(target.getParent());
                        Files.write(target, content);
                    }
                }
                return files;
            } finally {
                Files.deleteIfExists(zip);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot fetch the outputs of " + paperId, e);
        }
    }

    private static String revisedTex(Map<String, byte[]> files) {
        return files.entrySet().stream().filter(file -> !file.getKey().contains("/")
                        && file.getKey().endsWith(".tex") && !file.getKey().equals("diff.tex"))
                .map(file -> new String(file.getValue(), StandardCharsets.UTF_8)).findFirst().orElse("");
    }

    /** The offline label is a comment on the first line: a judge must not see which paper is the revision. */
    static String withoutLeadingComments(String tex) {
        String text = tex;
        while (text.startsWith("%")) {
            int end = text.indexOf('\n');
            text = end < 0 ? "" : text.substring(end + 1);
        }
        return text;
    }

    private static JsonNode json(byte @Nullable [] content) {
        return content == null ? Json.mapper().createObjectNode()
                : Json.mapper().readTree(new String(content, StandardCharsets.UTF_8));
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }

    private void write(List<Map<String, @Nullable Object>> rows) {
        Path dir = settings.benchDir();
        StringBuilder jsonl = new StringBuilder();
        rows.forEach(row -> jsonl.append(Json.mapper().valueToTree(row).toString()).append('\n'));
        ResultsWriter.atomicWrite(dir.resolve("results.jsonl"), jsonl.toString());
        Set<String> header = new LinkedHashSet<>();
        rows.forEach(row -> header.addAll(row.keySet()));
        StringBuilder csv = new StringBuilder(String.join(",", header)).append('\n');
        rows.forEach(row -> csv.append(header.stream().map(column -> csvCell(row.get(column)))
                .collect(Collectors.joining(","))).append('\n'));
        ResultsWriter.atomicWrite(dir.resolve("results.csv"), csv.toString());
        ObjectNode summary = summary(rows);
        ResultsWriter.atomicWrite(dir.resolve("summary.json"), Json.mapper().writeValueAsString(summary) + "\n");
        ResultsWriter.atomicWrite(dir.resolve("report.html"), ReviseReport.html(rows, summary));
    }

    ObjectNode summary(List<Map<String, @Nullable Object>> rows) {
        ObjectNode summary = Json.mapper().createObjectNode();
        summary.put("task", "revise");
        summary.put("mode", settings.offline() ? "offline" : "model");
        summary.put("cases", rows.size());
        List<Map<String, @Nullable Object>> done = rows.stream().filter(row -> WRITTEN.contains(row.get("state")))
                .toList();
        summary.put("completed", done.size());
        summary.put("valid_pdf_rate", rows.isEmpty() ? 0 : round(done.stream()
                .filter(row -> Boolean.TRUE.equals(row.get("valid_pdf"))).count() / (double) rows.size()));
        long points = done.stream().mapToLong(row -> ((Number) row.get("points")).longValue()).sum();
        long addressed = done.stream().mapToLong(row -> ((Number) row.get("points_addressed")).longValue()).sum();
        summary.put("points", points);
        summary.put("points_addressed", addressed);
        summary.put("addressed_rate", points == 0 ? 0 : round(addressed / (double) points));
        summary.put("fabrication_findings", done.stream()
                .mapToLong(row -> ((Number) row.get("fabrication_findings")).longValue()).sum());
        summary.put("audit_clean_rate", done.isEmpty() ? 0 : round(done.stream()
                .filter(row -> Boolean.TRUE.equals(row.get("audit_clean"))).count() / (double) done.size()));
        summary.set("vs_original", verdicts(done, "vs_original"));
        summary.set("vs_camera_ready", verdicts(done, "vs_camera_ready"));
        summary.put("autorater", judge.label());
        summary.put("points_addressed_rule", "answered REVISE or ADD (an edit kept in the paper), or REBUT quoting "
                + "evidence; NEEDS_NEW_EXPERIMENTS, LEFT_TO_AUTHORS and rebuttals without evidence are not addressed");
        return summary;
    }

    private static ObjectNode verdicts(List<Map<String, @Nullable Object>> rows, String column) {
        ObjectNode verdicts = Json.mapper().createObjectNode();
        List<Object> values = rows.stream().map(row -> row.get(column)).filter(value -> value != null)
                .map(value -> (Object) value).toList();
        for (String verdict : List.of("win", "tie", "loss", UNJUDGED)) {
            verdicts.put(verdict, values.stream().filter(verdict::equals).count());
        }
        verdicts.put("win_rate", values.isEmpty() ? 0 : round(values.stream().filter("win"::equals).count()
                / (double) values.size()));
        return verdicts;
    }

    private static String csvCell(@Nullable Object value) {
        if (value == null) {
            return "";
        }
        String text = String.valueOf(value);
        return text.contains(",") || text.contains("\"") || text.contains("\n")
                ? '"' + text.replace("\"", "\"\"") + '"' : text;
    }
}
