package dev.paperorchestra.plotting.render;

import dev.paperorchestra.base.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a reader needs to check a figure: its final spec, the table and every cell it draws (as logged), its
 * aspect ratio and printed size, each critique round with its issues and verdict, and whether it fell back to
 * the simplest faithful rendering (and why). Written next to the figure as {@code figures/<figure id>.json}.
 *
 * @param figureId       the figure
 * @param mode           "model" or "offline"
 * @param spec           the final spec as JSON (for a diagram: its kind and source language)
 * @param data           the chart data drawn; null for a diagram
 * @param aspectRatio    the planned ratio
 * @param size           the printed size
 * @param rounds         critique rounds, in order
 * @param fellBack       true when the figure is the fallback rendering
 * @param fallbackReason why it fell back; null when it did not
 */
public record FigureProvenance(String figureId, String mode, ObjectNode spec, @Nullable ChartData data,
        String aspectRatio, FigureSize size, List<Round> rounds, boolean fellBack, @Nullable String fallbackReason) {

    public FigureProvenance {
        rounds = List.copyOf(rounds);
    }

    /**
     * One critique round.
     *
     * @param round    1-based
     * @param kind     the kind reviewed
     * @param approved the critic's verdict
     * @param issues   the critic's issues
     * @param revision what happened to the revision the issues asked for ("revised", "rejected: ..." or "" after
     *                 the last round)
     */
    public record Round(int round, String kind, boolean approved, List<String> issues, String revision) {

        public Round {
            issues = List.copyOf(issues);
        }
    }

    /** The critic's issues of the last round, or none. */
    public List<String> lastIssues() {
        return rounds.isEmpty() ? List.of() : rounds.getLast().issues();
    }

    public byte[] toJson() {
        ObjectNode root = Json.mapper().createObjectNode();
        root.put("figure_id", figureId);
        root.put("mode", mode);
        root.put("kind", spec.path("kind").asString(""));
        if (data != null) {
            root.put("source_table", data.source().caption());
            root.put("source_document", data.source().source().description());
            // the writer typesets the source table only when this says why (else the chart presents it)
            String alsoShown = spec.path("table_also_shown_because").asString("");
            if (!alsoShown.isEmpty()) {
                root.put("table_also_shown_because", alsoShown);
            }
            ArrayNode cells = root.putArray("cells");
            for (ChartData.Series series : data.series()) {
                for (int row = 0; row < data.categories().size(); row++) {
                    ObjectNode cell = cells.addObject();
                    cell.put("row", data.categories().get(row));
                    cell.put("column", data.source().table().header().get(series.column()));
                    cell.put("value", series.digits().get(row));
                    if (!series.errors().isEmpty()) {
                        cell.put("spread", series.errors().get(row));
                    }
                }
            }
        }
        root.put("aspect_ratio", aspectRatio);
        root.put("width_inches", size.widthInches());
        root.put("height_inches", size.heightInches());
        ArrayNode critique = root.putArray("critique_rounds");
        for (Round round : rounds) {
            ObjectNode entry = critique.addObject();
            entry.put("round", round.round());
            entry.put("kind", round.kind());
            entry.put("verdict", round.approved() ? "approved" : "rejected");
            ArrayNode issues = entry.putArray("issues");
            round.issues().forEach(issues::add);
            entry.put("revision", round.revision());
        }
        root.put("fell_back", fellBack);
        if (fallbackReason != null) {
            root.put("fallback_reason", fallbackReason);
            ArrayNode last = root.putArray("critic_last_issues");
            lastIssues().forEach(last::add);
        }
        root.set("spec", spec);
        return Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(root)
                .getBytes(StandardCharsets.UTF_8);
    }
}
