package dev.paperorchestra.reviewer.rubric;

import dev.paperorchestra.base.json.Json;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** What a reviewer model is told about a rubric, and the part of its answer schema the rubric scores fill. */
public final class RubricPrompt {

    /** The answer field the rubric scores are in. */
    public static final String FIELD = "Rubric";

    private RubricPrompt() {
    }

    /** The criteria with their questions and anchors, and how to give evidence. */
    public static String instructions(Rubric rubric) {
        StringBuilder text = new StringBuilder();
        text.append("Also score the paper on rubric ").append(rubric.id()).append(' ').append(rubric.version())
                .append(", in the field \"").append(FIELD).append("\": for each criterion a Score from ")
                .append(rubric.min()).append(" to ").append(rubric.max())
                .append(" chosen by the anchor that describes what you observe, the Evidence it rests on (each a ")
                .append("short span quoted word for word from the paper, with the PDF page it is on when you see ")
                .append("the pages, else null) and the Points the authors should change for it (each a Request, ")
                .append("the Section, table or figure it concerns, and the Quote it is about or \"\"). ")
                .append("Give no Points for a criterion that needs no change.\n");
        for (Rubric.Criterion criterion : rubric.criteria()) {
            text.append("\n").append(criterion.id()).append(" (").append(criterion.name()).append("): ")
                    .append(criterion.question()).append('\n');
            for (int level = rubric.min(); level <= rubric.max(); level++) {
                text.append("  ").append(level).append(": ").append(criterion.anchors().get(level)).append('\n');
            }
        }
        return text.toString();
    }

    /** The JSON Schema of the {@code Rubric} field: every criterion required, scores within the scale. */
    public static ObjectNode schema(Rubric rubric) {
        ObjectNode schema = Json.mapper().createObjectNode().put("type", "object").put("additionalProperties", false);
        ArrayNode required = schema.putArray("required");
        ObjectNode properties = schema.putObject("properties");
        for (Rubric.Criterion criterion : rubric.criteria()) {
            required.add(criterion.id());
            ObjectNode entry = properties.putObject(criterion.id()).put("type", "object")
                    .put("additionalProperties", false);
            entry.putArray("required").add("Score").add("Evidence").add("Points");
            ObjectNode fields = entry.putObject("properties");
            fields.putObject("Score").put("type", "integer").put("minimum", rubric.min()).put("maximum", rubric.max());
            ObjectNode evidence = fields.putObject("Evidence").put("type", "array").put("minItems", 1);
            ObjectNode quote = evidence.putObject("items").put("type", "object").put("additionalProperties", false);
            quote.putArray("required").add("Quote").add("Page");
            ObjectNode quoteFields = quote.putObject("properties");
            quoteFields.putObject("Quote").put("type", "string").put("minLength", 1);
            ObjectNode page = quoteFields.putObject("Page").put("minimum", 1);
            page.putArray("type").add("integer").add("null");
            ObjectNode point = fields.putObject("Points").put("type", "array").putObject("items")
                    .put("type", "object").put("additionalProperties", false);
            point.putArray("required").add("Request").add("Section").add("Quote");
            ObjectNode pointFields = point.putObject("properties");
            pointFields.putObject("Request").put("type", "string").put("minLength", 1);
            pointFields.putObject("Section").put("type", "string");
            pointFields.putObject("Quote").put("type", "string");
        }
        return schema;
    }
}
