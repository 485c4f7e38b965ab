package dev.paperorchestra.plotting.gather;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.Figure;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Keeps a paper from showing the same numbers in two charts: a figure whose drawn cells (read from its
 * provenance) are all drawn by an earlier figure of the plan is left out, with the reason.
 */
final class DuplicateFigures {

    /** The figures kept, in plan order, and a "figure: reason" line for each one left out. */
    record Split(List<Figure> kept, List<String> leftOut) {
    }

    private DuplicateFigures() {
    }

    static Split split(List<Figure> figures, BlobStore blobs) {
        Map<String, Set<String>> drawn = new LinkedHashMap<>();
        List<Figure> kept = new ArrayList<>();
        List<String> leftOut = new ArrayList<>();
        for (Figure figure : figures) {
            Set<String> cells = cells(figure, blobs);
            String earlier = cells.isEmpty() ? null : drawn.entrySet().stream()
                    .filter(entry -> entry.getValue().containsAll(cells)).map(Map.Entry::getKey).findFirst()
                    .orElse(null);
            if (earlier != null) {
                leftOut.add(figure.getFigureId() + ": shows only numbers " + earlier + " already shows");
                continue;
            }
            drawn.put(figure.getFigureId(), cells);
            kept.add(figure);
        }
        return new Split(kept, leftOut);
    }

    /** "table|row|column" of every cell the figure draws; empty without provenance (diagrams, author figures). */
    private static Set<String> cells(Figure figure, BlobStore blobs) {
        Set<String> cells = new HashSet<>();
        if (figure.getProvenance() == null) {
            return cells;
        }
        JsonNode root = Json.mapper().readTree(blobs.getText(figure.getProvenance()));
        String table = root.path("source_table").asString("");
        for (JsonNode cell : root.path("cells").values()) {
            cells.add(table + "|" + cell.path("row").asString("") + "|" + cell.path("column").asString(""));
        }
        return cells;
    }
}
