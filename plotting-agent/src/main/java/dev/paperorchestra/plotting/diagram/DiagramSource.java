package dev.paperorchestra.plotting.diagram;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A diagram as the planner wrote it.
 *
 * @param language the source language: {@code dot} (Graphviz) or {@code tikz} (one tikzpicture environment)
 * @param source   the source
 * @param caption  plain-text caption
 */
public record DiagramSource(String language, String source, String caption) {

    public static final String DOT = "dot";
    public static final String TIKZ = "tikz";

    static final String SCHEMA = """
            {"type":"object","required":["language","source","caption"],"additionalProperties":false,
             "properties":{"language":{"enum":["dot","tikz"]},"source":{"type":"string","minLength":10},
             "caption":{"type":"string"}}}""";

    static DiagramSource parse(String json, String figureId) {
        try {
            JsonNode root = Json.mapper().readTree(json);
            return new DiagramSource(root.path("language").asString(DOT), root.path("source").asString(""),
                    root.path("caption").asString(""));
        } catch (JacksonException e) {
            throw new PermanentException("diagram answer for figure " + figureId + " is not JSON", e);
        }
    }

    public ObjectNode toJson() {
        ObjectNode root = Json.mapper().createObjectNode();
        root.put("kind", "diagram");
        root.put("language", language);
        root.put("source", source);
        root.put("caption", caption);
        return root;
    }
}
