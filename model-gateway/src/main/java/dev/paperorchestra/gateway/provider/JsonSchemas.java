package dev.paperorchestra.gateway.provider;

import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNullSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Turns a JSON Schema document into LangChain4j's schema model, which each adapter writes in its provider's
 * dialect (OpenAI {@code response_format}, Gemini {@code responseSchema}, Anthropic {@code output_format}).
 * Keywords providers do not accept (patterns, lengths, item counts) are left out here: the gateway still
 * validates every answer against the full schema and asks for a repair when it fails.
 */
public final class JsonSchemas {

    private JsonSchemas() {
    }

    public static JsonSchema fromText(String name, String schemaText) {
        JsonNode root = Json.mapper().readTree(schemaText);
        return JsonSchema.builder().name(name).rootElement(element(root, root)).build();
    }

    private static JsonSchemaElement element(JsonNode node, JsonNode root) {
        if (node.has("$ref")) {
            return element(resolve(node.path("$ref").asString(), root), root);
        }
        String description = node.path("description").isString() ? node.path("description").asString() : null;
        if (node.has("enum")) {
            List<String> values = new ArrayList<>();
            node.path("enum").values().forEach(value -> values.add(value.asString()));
            return JsonEnumSchema.builder().enumValues(values).description(description).build();
        }
        for (String combinator : List.of("anyOf", "oneOf")) {
            if (node.path(combinator).isArray()) {
                List<JsonSchemaElement> options = new ArrayList<>();
                node.path(combinator).values().forEach(option -> options.add(element(option, root)));
                return JsonAnyOfSchema.builder().anyOf(options).description(description).build();
            }
        }
        String type = typeOf(node);
        return switch (type) {
            case "object" -> object(node, root, description);
            case "array" -> JsonArraySchema.builder().description(description)
                    .items(node.has("items") ? element(node.path("items"), root) : JsonStringSchema.builder().build())
                    .build();
            case "integer" -> JsonIntegerSchema.builder().description(description).build();
            case "number" -> JsonNumberSchema.builder().description(description).build();
            case "boolean" -> JsonBooleanSchema.builder().description(description).build();
            case "null" -> new JsonNullSchema();
            default -> JsonStringSchema.builder().description(description).build();
        };
    }

    private static JsonObjectSchema object(JsonNode node, JsonNode root, String description) {
        JsonObjectSchema.Builder builder = JsonObjectSchema.builder().description(description);
        node.path("properties").properties().forEach(entry -> builder.addProperty(entry.getKey(),
                element(entry.getValue(), root)));
        List<String> required = new ArrayList<>();
        node.path("required").values().forEach(name -> required.add(name.asString()));
        builder.required(required);
        if (node.path("additionalProperties").isBoolean()) {
            builder.additionalProperties(node.path("additionalProperties").booleanValue());
        }
        return builder.build();
    }

    /** The schema's type; a ["string","null"] union is sent as its non-null type. */
    private static String typeOf(JsonNode node) {
        JsonNode type = node.path("type");
        if (type.isArray()) {
            for (JsonNode option : type.values()) {
                if (!option.asString().equals("null")) {
                    return option.asString();
                }
            }
            return "null";
        }
        if (type.isString()) {
            return type.asString();
        }
        return node.has("properties") ? "object" : node.has("items") ? "array" : "string";
    }

    private static JsonNode resolve(String ref, JsonNode root) {
        if (!ref.startsWith("#/")) {
            throw new IllegalArgumentException("only local $ref are supported in answer schemas: " + ref);
        }
        JsonNode target = root.at(ref.substring(1));
        if (target.isMissingNode()) {
            throw new IllegalArgumentException("unresolvable $ref in answer schema: " + ref);
        }
        return target;
    }
}
