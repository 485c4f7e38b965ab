package dev.paperorchestra.plotting.planning;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The {@code plotting_plan} of outline.json, in plan order (which is also the order figures are handed to the
 * writer).
 */
public record PlottingPlan(List<PlannedFigure> figures) {

    public static final String FILE = "outline.json";

    public PlottingPlan {
        figures = List.copyOf(figures);
    }

    /**
     * Reads the plan from outline.json.
     *
     * @throws PermanentException naming outline.json when it is not JSON, has no plotting_plan array or an
     *                            entry lacks a field (the outline agent validates it, so this is a broken contract)
     */
    public static PlottingPlan parse(String outlineJson) {
        JsonNode root;
        try {
            root = Json.mapper().readTree(outlineJson);
        } catch (JacksonException e) {
            throw new PermanentException(FILE + ": not valid JSON (" + e.getOriginalMessage() + ")", e);
        }
        JsonNode plan = root.path("plotting_plan");
        if (!plan.isArray()) {
            throw new PermanentException(FILE + ": plotting_plan is missing or not an array");
        }
        List<PlannedFigure> figures = new ArrayList<>();
        int index = 0;
        for (JsonNode entry : plan.values()) {
            figures.add(new PlannedFigure(field(entry, "figure_id", index), field(entry, "title", index),
                    field(entry, "plot_type", index), field(entry, "data_source", index),
                    field(entry, "objective", index), field(entry, "aspect_ratio", index)));
            index++;
        }
        return new PlottingPlan(figures);
    }

    public boolean isEmpty() {
        return figures.isEmpty();
    }

    /** Ids in plan order. */
    public List<String> figureIds() {
        return figures.stream().map(PlannedFigure::figureId).toList();
    }

    private static String field(JsonNode entry, String name, int index) {
        JsonNode value = entry.path(name);
        if (!value.isString() || value.asString().isBlank()) {
            throw new PermanentException(FILE + ": plotting_plan[" + index + "]." + name + " is missing or empty");
        }
        return value.asString().strip();
    }
}
