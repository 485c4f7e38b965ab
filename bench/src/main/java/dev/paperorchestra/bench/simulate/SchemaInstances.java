package dev.paperorchestra.bench.simulate;

import dev.paperorchestra.base.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A plain instance of a JSON Schema (the first enum value, the middle of a numeric range, a sentence for a
 * string, one item for an array), for the steps whose answers the scripted model does not need to shape.
 */
public final class SchemaInstances {

    private SchemaInstances() {
    }

    public static JsonNode of(JsonNode schema) {
        if (schema.has("enum")) {
            return schema.path("enum").get(0);
        }
        String type = schema.path("type").isArray() ? schema.path("type").get(0).asString()
                : schema.path("type").asString(schema.has("properties") ? "object" : "string");
        return switch (type) {
            case "object" -> object(schema);
            case "array" -> array(schema);
            case "integer" -> Json.mapper().getNodeFactory().numberNode(middle(schema));
            case "number" -> Json.mapper().getNodeFactory().numberNode((double) middle(schema));
            case "boolean" -> Json.mapper().getNodeFactory().booleanNode(false);
            default -> Json.mapper().getNodeFactory().stringNode("The paper states its method and evidence clearly.");
        };
    }

    private static ObjectNode object(JsonNode schema) {
        ObjectNode object = Json.mapper().createObjectNode();
        schema.path("properties").properties().forEach(entry -> object.set(entry.getKey(), of(entry.getValue())));
        // a schema that ties one field to another ("if Overall >= 5 then Decision is Accept") gets the tied value
        if (schema.has("if")) {
            boolean holds = schema.path("if").path("properties").properties().stream().allMatch(condition ->
                    object.path(condition.getKey()).asDouble() >= condition.getValue().path("minimum").asDouble());
            schema.path(holds ? "then" : "else").path("properties").properties().stream()
                    .filter(entry -> entry.getValue().has("const"))
                    .forEach(entry -> object.set(entry.getKey(), entry.getValue().get("const")));
        }
        return object;
    }

    private static ArrayNode array(JsonNode schema) {
        ArrayNode array = Json.mapper().createArrayNode();
        int items = Math.max(1, schema.path("minItems").asInt(1));
        for (int i = 0; i < items; i++) {
            array.add(of(schema.path("items")));
        }
        return array;
    }

    private static int middle(JsonNode schema) {
        int minimum = schema.path("minimum").asInt(1);
        int maximum = schema.path("maximum").asInt(minimum + 4);
        return (minimum + maximum) / 2;
    }
}
