package dev.paperorchestra.refine.loop;

import dev.paperorchestra.base.json.Json;
import java.util.Map;
import java.util.StringJoiner;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The citation map as the reviser needs it: one line per key with its title and year. The abstracts stay
 * out of the prompt; they would multiply its size without changing which keys exist.
 */
final class CitationList {

    private CitationList() {
    }

    static String describe(String citationMapJson) {
        JsonNode map;
        try {
            map = Json.mapper().readTree(citationMapJson);
        } catch (JacksonException e) {
            return citationMapJson;
        }
        if (!map.isObject()) {
            return citationMapJson;
        }
        // citation_map.json keeps the pool under "keys" beside its provenance fields
        if (map.get("keys") instanceof JsonNode keys && keys.isObject()) {
            map = keys;
        }
        StringJoiner lines = new StringJoiner("\n");
        for (Map.Entry<String, JsonNode> entry : map.properties()) {
            JsonNode record = entry.getValue();
            String title = text(record, "title");
            String year = text(record, "year");
            lines.add("- " + entry.getKey() + (title.isEmpty() ? "" : ": " + title)
                    + (year.isEmpty() ? "" : " (" + year + ")"));
        }
        return lines.toString();
    }

    private static String text(JsonNode record, String field) {
        JsonNode value = record.get(field);
        return value == null || value.isNull() || value.isContainer() ? "" : value.asString();
    }
}
