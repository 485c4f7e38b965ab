package dev.paperorchestra.plotting.spec;

import dev.paperorchestra.plotting.render.ChartData;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One figure's chart as the planner wrote it (or the rules made it offline): cells by reference, and the
 * numbers the planner read from them, which must be the logged ones.
 *
 * @param kind       chart kind
 * @param table      table id from {@link SpecTables}, e.g. T2
 * @param rows       row labels to draw, in the order to draw them
 * @param xColumn    for a scatter plot the column giving x; "" otherwise
 * @param series     the columns drawn, each with the values the planner read for {@code rows}
 * @param valueLabel value axis title
 * @param logScale   value axis on a log scale
 * @param order      "table", "ascending" or "descending" (by the first series)
 * @param highlight  row label (or, for a line chart, column name) of the proposed method; "" for none
 * @param legend     top, bottom, right or none
 * @param caption    the figure's caption, plain text
 * @param purpose    why a chart shows these numbers although the paper's tables hold them too (a trend, a
 *                   trade-off, parts of a whole, a pattern): the paper never shows the same numbers twice without
 *                   saying why
 * @param tableAlsoShownBecause why the paper also typesets the table this chart draws (the exact values matter);
 *                   "" when the chart alone presents the table and the writer leaves the table out
 */
public record ChartSpec(ChartData.Kind kind, String table, List<String> rows, String xColumn, List<Column> series,
        String valueLabel, boolean logScale, String order, String highlight, ChartData.LegendPlacement legend,
        String caption, String purpose, String tableAlsoShownBecause) {

    public ChartSpec {
        rows = List.copyOf(rows);
        series = List.copyOf(series);
        tableAlsoShownBecause = tableAlsoShownBecause.strip();
    }

    /** A spec that gives no reason to also typeset its table. */
    public ChartSpec(ChartData.Kind kind, String table, List<String> rows, String xColumn, List<Column> series,
            String valueLabel, boolean logScale, String order, String highlight, ChartData.LegendPlacement legend,
            String caption, String purpose) {
        this(kind, table, rows, xColumn, series, valueLabel, logScale, order, highlight, legend, caption, purpose,
                "");
    }

    /** This spec with the reason to also typeset its table. */
    public ChartSpec withTableAlsoShownBecause(String reason) {
        return new ChartSpec(kind, table, rows, xColumn, series, valueLabel, logScale, order, highlight, legend,
                caption, purpose, reason);
    }

    /**
     * One drawn column.
     *
     * @param column plain header name
     * @param values the numbers read for each row of the spec, in its row order
     */
    public record Column(String column, List<Double> values) {

        public Column {
            values = List.copyOf(values);
        }
    }

    /** The spec of chart data the rules made (offline, or the fallback), so both paths record the same way. */
    public static ChartSpec of(ChartData data, String tableId, String caption) {
        List<Column> columns = data.series().stream().map(s -> new Column(s.name(), s.values())).toList();
        String xColumn = data.kind() == ChartData.Kind.SCATTER ? data.categoryLabel() : "";
        return new ChartSpec(data.kind(), tableId, data.categories(), xColumn, columns, data.valueLabel(),
                data.presentation().logScale(), "table",
                data.presentation().highlight() == null ? "" : data.presentation().highlight(),
                data.presentation().legend(), caption, rulePurpose(data), TablePresentation.ruleReason(data)
                .orElse(""));
    }

    /** What a chart of this kind adds to the table it draws, as the rules chose it. */
    static String rulePurpose(ChartData data) {
        return switch (data.kind()) {
            case LINE -> "shows the trend over " + data.categoryLabel() + ", which a table lists but does not draw";
            case STACKED_BAR -> "shows how each row's whole divides into its parts";
            case HEATMAP -> "shows the pattern across the whole matrix at a glance";
            case SCATTER -> "shows the trade-off between " + data.categoryLabel() + " and " + data.valueLabel();
            case ERROR_BAR -> "shows whether the differences exceed the logged spreads";
            case BAR, GROUPED_BAR -> "compares the rows' magnitudes at a glance";
        };
    }

    /** Reads a spec the gateway has already checked against {@link ChartSpecSchema}. */
    public static ChartSpec parse(String json, String figureId) {
        JsonNode root;
        try {
            root = Json.mapper().readTree(json);
        } catch (JacksonException e) {
            throw new PermanentException("chart spec for figure " + figureId + " is not JSON", e);
        }
        ChartData.Kind kind = ChartData.Kind.fromId(root.path("kind").asString(""))
                .orElseThrow(() -> new PermanentException("chart spec for figure " + figureId + " has unknown kind '"
                        + root.path("kind").asString("") + "'"));
        List<String> rows = new ArrayList<>();
        root.path("rows").values().forEach(row -> rows.add(row.asString()));
        List<Column> series = new ArrayList<>();
        for (JsonNode column : root.path("series").values()) {
            List<Double> values = new ArrayList<>();
            column.path("values").values().forEach(value -> values.add(value.asDouble()));
            series.add(new Column(column.path("column").asString(""), values));
        }
        ChartData.LegendPlacement legend = ChartData.LegendPlacement.TOP;
        for (ChartData.LegendPlacement placement : ChartData.LegendPlacement.values()) {
            if (placement.id().equals(root.path("legend").asString(""))) {
                legend = placement;
            }
        }
        return new ChartSpec(kind, root.path("table").asString(""), rows, root.path("x_column").asString(""), series,
                root.path("value_axis_label").asString(""), root.path("log_scale").asBoolean(false),
                root.path("order").asString("table"), root.path("highlight").asString(""), legend,
                root.path("caption").asString(""), root.path("purpose").asString(""),
                root.path("table_also_shown_because").asString(""));
    }

    /** The spec as JSON, in the schema's field names (for revision prompts and provenance). */
    public ObjectNode toJson() {
        ObjectNode root = Json.mapper().createObjectNode();
        root.put("kind", kind.id());
        root.put("table", table);
        ArrayNode rowArray = root.putArray("rows");
        rows.forEach(rowArray::add);
        root.put("x_column", xColumn);
        ArrayNode seriesArray = root.putArray("series");
        for (Column column : series) {
            ObjectNode entry = seriesArray.addObject();
            entry.put("column", column.column());
            ArrayNode values = entry.putArray("values");
            column.values().forEach(values::add);
        }
        root.put("value_axis_label", valueLabel);
        root.put("log_scale", logScale);
        root.put("order", order);
        root.put("highlight", highlight);
        root.put("legend", legend.id());
        root.put("caption", caption);
        root.put("purpose", purpose);
        if (!tableAlsoShownBecause.isEmpty()) {
            root.put("table_also_shown_because", tableAlsoShownBecause);
        }
        return root;
    }
}
