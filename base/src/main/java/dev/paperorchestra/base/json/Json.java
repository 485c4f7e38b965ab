package dev.paperorchestra.base.json;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The JSON mapper for artifacts people read (outline.json, citation_map.json, summary.json): indented, stable. */
public final class Json {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private Json() {
    }

    public static JsonMapper mapper() {
        return MAPPER;
    }
}
