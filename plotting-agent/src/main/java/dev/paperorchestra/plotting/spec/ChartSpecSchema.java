package dev.paperorchestra.plotting.spec;

import dev.paperorchestra.plotting.render.ChartData;
import dev.paperorchestra.base.json.Json;
import java.util.Arrays;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON Schema of a chart spec for one paper's tables. Beyond the shape, it lists for each table the only
 * row labels and column names that exist, so a spec naming a cell that is not in the log violates the schema
 * and the gateway sends it back with the violation for its bounded repairs.
 */
public final class ChartSpecSchema {

    private ChartSpecSchema() {
    }

    public static String forTables(SpecTables tables) {
        ObjectNode schema = Json.mapper().createObjectNode();
        schema.put("type", "object");
        schema.put("additionalProperties", false);
        ArrayNode required = schema.putArray("required");
        List.of("kind", "table", "rows", "x_column", "series", "value_axis_label", "log_scale", "order", "highlight",
                "legend", "caption", "purpose").forEach(required::add);
        ObjectNode properties = schema.putObject("properties");
        enumOf(properties.putObject("kind"), Arrays.stream(ChartData.Kind.values()).map(ChartData.Kind::id).toList());
        enumOf(properties.putObject("table"), tables.entries().stream().map(SpecTables.Entry::id).toList());
        ObjectNode rows = properties.putObject("rows");
        rows.put("type", "array");
        rows.put("minItems", 1);
        rows.putObject("items").put("type", "string");
        properties.putObject("x_column").put("type", "string");
        ObjectNode series = properties.putObject("series");
        series.put("type", "array");
        series.put("minItems", 1);
        ObjectNode column = series.putObject("items");
        column.put("type", "object");
        column.put("additionalProperties", false);
        column.putArray("required").add("column").add("values");
        ObjectNode columnProperties = column.putObject("properties");
        columnProperties.putObject("column").put("type", "string");
        ObjectNode values = columnProperties.putObject("values");
        values.put("type", "array");
        values.putObject("items").put("type", "number");
        properties.putObject("value_axis_label").put("type", "string");
        properties.putObject("log_scale").put("type", "boolean");
        enumOf(properties.putObject("order"), List.of("table", "ascending", "descending"));
        properties.putObject("highlight").put("type", "string");
        enumOf(properties.putObject("legend"),
                Arrays.stream(ChartData.LegendPlacement.values()).map(ChartData.LegendPlacement::id).toList());
        properties.putObject("caption").put("type", "string");
        ObjectNode purpose = properties.putObject("purpose");
        purpose.put("type", "string");
        purpose.put("minLength", 10);
        // optional: only when the paper should also typeset the table (its exact values matter)
        properties.putObject("table_also_shown_because").put("type", "string");
        ArrayNode perTable = schema.putArray("allOf");
        for (SpecTables.Entry entry : tables.entries()) {
            ObjectNode rule = perTable.addObject();
            rule.putObject("if").putObject("properties").putObject("table").put("const", entry.id());
            ObjectNode then = rule.putObject("then").putObject("properties");
            enumOf(then.putObject("rows").putObject("items"), entry.rows());
            enumOf(then.putObject("series").putObject("items").putObject("properties").putObject("column"),
                    entry.columns());
            List<String> xColumns = new java.util.ArrayList<>(entry.columns());
            xColumns.add("");
            enumOf(then.putObject("x_column"), xColumns);
        }
        return Json.mapper().writeValueAsString(schema);
    }

    private static void enumOf(ObjectNode node, List<String> values) {
        ArrayNode array = node.putArray("enum");
        values.forEach(array::add);
    }
}
