package dev.paperorchestra.content.outputs;

import dev.paperorchestra.runtime.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * Whether a written paper is complete, read from its {@code summary.json}: its PDF compiled, and every gate and
 * final check in the summary passed (any object in it with a {@code gate} or {@code name} and
 * {@code "passed": false}, so a gate added later counts without a change here).
 *
 * @param shortfalls what keeps the paper from being complete, one line each; empty when it is complete
 */
public record PaperVerdict(List<String> shortfalls) {

    private static final int FINDINGS_SHOWN = 3;

    public PaperVerdict {
        shortfalls = List.copyOf(shortfalls);
    }

    public boolean complete() {
        return shortfalls.isEmpty();
    }

    /**
     * @param paperDir    where the paper's outputs were written
     * @param pdfRequired false when the user accepted a paper without PDF ({@code --no-pdf})
     */
    public static PaperVerdict of(Path paperDir, boolean pdfRequired) {
        Path summaryFile = paperDir.resolve("summary.json");
        if (!Files.isRegularFile(summaryFile)) {
            return new PaperVerdict(List.of("summary.json is missing from " + paperDir));
        }
        JsonNode summary;
        try {
            summary = Json.mapper().readTree(Files.readString(summaryFile));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + summaryFile, e);
        }
        return of(summary, Files.isRegularFile(paperDir.resolve("paper.pdf")), pdfRequired);
    }

    /**
     * @param summary     the paper's summary.json
     * @param pdfWritten  paper.pdf exists
     * @param pdfRequired false when the user accepted a paper without PDF ({@code --no-pdf})
     */
    public static PaperVerdict of(JsonNode summary, boolean pdfWritten, boolean pdfRequired) {
        List<String> shortfalls = new ArrayList<>();
        String status = summary.path("compile").path("status").asString("UNKNOWN");
        boolean compiled = status.equals("COMPILED") && pdfWritten;
        boolean acceptedWithout = !pdfRequired && status.equals("SKIPPED");
        if (!compiled && !acceptedWithout) {
            shortfalls.add("paper.pdf: " + (status.equals("COMPILED") ? "not written" : "compile "
                    + status.toLowerCase(Locale.ROOT)) + " - " + summary.path("compile").path("message")
                    .asString(""));
        }
        failed(summary, shortfalls);
        return new PaperVerdict(shortfalls);
    }

    private static void failed(JsonNode node, List<String> shortfalls) {
        if (node.isObject()) {
            JsonNode passed = node.get("passed");
            String name = node.has("gate") ? "gate " + node.get("gate").asString()
                    : node.has("name") ? "check " + node.get("name").asString() : null;
            if (name != null && passed != null && passed.isBoolean() && !passed.asBoolean()) {
                shortfalls.add(name + " failed: " + detail(node));
            }
            node.values().forEach(child -> failed(child, shortfalls));
        } else if (node.isArray()) {
            node.forEach(child -> failed(child, shortfalls));
        }
    }

    private static String detail(JsonNode node) {
        if (node.path("findings").isArray() && !node.path("findings").isEmpty()) {
            List<String> findings = new ArrayList<>();
            node.path("findings").forEach(finding -> findings.add(finding.asString()));
            String shown = String.join("; ", findings.subList(0, Math.min(FINDINGS_SHOWN, findings.size())));
            return findings.size() > FINDINGS_SHOWN ? shown + " (and " + (findings.size() - FINDINGS_SHOWN) + " more)"
                    : shown;
        }
        return node.path("detail").asString("see summary.json");
    }
}
