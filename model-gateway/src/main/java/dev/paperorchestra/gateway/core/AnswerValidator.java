package dev.paperorchestra.gateway.core;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.FencedBlocks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Checks a structured answer against the JSON Schema the caller asked for. Models wrap JSON in a fenced block
 * or add a sentence around it, so the JSON is taken from the block, else from the first '{' or '[' to the
 * matching last bracket. Compiled schemas are kept, since the same few schemas are used all the time.
 */
final class AnswerValidator {

    private static final int MAX_VIOLATIONS = 20;

    private final Map<String, Schema> schemas = new ConcurrentHashMap<>();

    /** The outcome: the JSON text when valid, otherwise the violations in words a model can act on. */
    record Verdict(String json, List<String> violations) {

        boolean valid() {
            return violations.isEmpty();
        }
    }

    Verdict validate(String schemaText, String answer) {
        String json = jsonPart(answer);
        JsonNode node;
        try {
            node = Json.mapper().readTree(json);
        } catch (JacksonException e) {
            return new Verdict(json, List.of("the answer is not valid JSON: " + e.getOriginalMessage()));
        }
        List<String> violations = new ArrayList<>();
        for (Error error : schema(schemaText).validate(node)) {
            if (violations.size() == MAX_VIOLATIONS) {
                violations.add("... and more");
                break;
            }
            String at = error.getInstanceLocation().toString();
            violations.add((at.isEmpty() || at.equals("$") ? "$" : at) + ": " + error.getMessage());
        }
        return new Verdict(Json.mapper().writeValueAsString(node), violations);
    }

    private Schema schema(String schemaText) {
        return schemas.computeIfAbsent(schemaText, text -> {
            Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(Json.mapper().readTree(text));
            schema.initializeValidators();
            return schema;
        });
    }

    static String jsonPart(String answer) {
        var block = FencedBlocks.find(answer, "json");
        if (block.isPresent()) {
            return block.get().strip();
        }
        String text = answer.strip();
        int object = text.indexOf('{');
        int array = text.indexOf('[');
        int start = object < 0 ? array : array < 0 ? object : Math.min(object, array);
        if (start < 0) {
            return text;
        }
        int end = text.lastIndexOf(text.charAt(start) == '{' ? '}' : ']');
        return end > start ? text.substring(start, end + 1) : text;
    }
}
