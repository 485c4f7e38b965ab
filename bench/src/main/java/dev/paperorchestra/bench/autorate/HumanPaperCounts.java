package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.content.latex.PdfPages;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The human paper's counts (distinct cited keys, figure and table floats, PDF pages) from a case's
 * {@code reference/}, beside which the report puts the generated paper's own. Needs no model, so it is measured
 * in every run that has a reference, offline included.
 */
final class HumanPaperCounts {

    static final String FILE = "human_counts.json";

    private HumanPaperCounts() {
    }

    /** The counts of {@code reference/paper.tex} (and {@code reference/paper.pdf} for pages); empty without them. */
    static ObjectNode measure(Path reference) {
        ObjectNode counts = Json.mapper().createObjectNode();
        Path tex = reference.resolve("paper.tex");
        if (Files.isRegularFile(tex)) {
            TexDocument source = TexDocument.parse(read(tex));
            counts.put("citations", source.citedKeys().size());
            counts.put("figures", source.environments("figure", "figure*").size());
            counts.put("tables", source.environments("table", "table*").size());
        }
        Path pdf = reference.resolve("paper.pdf");
        if (Files.isRegularFile(pdf)) {
            try {
                PdfPages.count(Files.readAllBytes(pdf)).ifPresent(pages -> counts.put("pages", pages));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + pdf, e);
            }
        }
        return counts;
    }

    /** Result columns {@code human_citations}, {@code human_figures}, ... from a saved measurement. */
    static Map<String, Object> columns(JsonNode saved) {
        Map<String, Object> columns = new LinkedHashMap<>();
        saved.properties().forEach(count -> columns.put("human_" + count.getKey(), count.getValue().asLong()));
        return columns;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
