package dev.paperorchestra.content.integrity;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.Figure;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * Which log table each generated figure draws, read from the figures' provenance (the plotting agent's final chart
 * spec), so the numeric-fidelity gate can count a charted table as present without guessing from captions.
 */
public final class PlottedTables {

    private PlottedTables() {
    }

    /**
     * @param figures the paper's figures
     * @param text    reads a blob as text
     * @return figure file name to the caption of the log table its spec draws; figures without provenance (an
     *         author's, a diagram, events older than provenance) are absent
     */
    public static Map<String, String> of(List<Figure> figures, Function<ArtifactRef, String> text) {
        Map<String, String> plotted = new LinkedHashMap<>();
        for (Figure figure : figures) {
            if (figure.getProvenance() == null) {
                continue;
            }
            JsonNode provenance = Json.mapper().readTree(text.apply(figure.getProvenance()));
            String table = provenance.path("source_table").asString("");
            if (!table.isBlank()) {
                plotted.put(figure.getFileName(), table);
            }
        }
        return plotted;
    }
}
