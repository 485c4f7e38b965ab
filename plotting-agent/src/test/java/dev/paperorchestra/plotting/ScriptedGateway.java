package dev.paperorchestra.plotting;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.InvalidModelAnswerException;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A gateway answering from a script per role. Like the real gateway, a structured answer is checked against
 * the request's JSON Schema and, while it violates it, the next scripted answer is taken as the repair (at most
 * {@link #MAX_REPAIRS}); every request, repair and violation is kept for assertions.
 */
public final class ScriptedGateway implements LlmGateway {

    public static final int MAX_REPAIRS = 2;

    private final Map<LlmRole, Deque<String>> answers = new EnumMap<>(LlmRole.class);
    public final List<LlmRequest> requests = new ArrayList<>();
    public final List<String> violations = new ArrayList<>();
    public int repairs;

    public ScriptedGateway answer(LlmRole role, String... texts) {
        answers.computeIfAbsent(role, r -> new ArrayDeque<>()).addAll(List.of(texts));
        return this;
    }

    public List<LlmRequest> requests(LlmRole role) {
        return requests.stream().filter(request -> request.role() == role).toList();
    }

    @Override
    public LlmResponse call(LlmRequest request) {
        requests.add(request);
        for (int repair = 0; ; repair++) {
            Deque<String> script = answers.get(request.role());
            if (script == null || script.isEmpty()) {
                throw new AssertionError("no scripted answer left for role " + request.role());
            }
            String text = script.poll();
            if (request.jsonSchema() == null) {
                return new LlmResponse(text, "scripted", "scripted-model", 10, 10, false);
            }
            List<String> found = validate(request.jsonSchema(), text);
            if (found.isEmpty()) {
                return new LlmResponse(text, "scripted", "scripted-model", 10, 10, false);
            }
            violations.addAll(found);
            if (repair >= MAX_REPAIRS) {
                throw new InvalidModelAnswerException("scripted " + request.role(), repair, found, text);
            }
            repairs++;
        }
    }

    private static List<String> validate(String schemaText, String answer) {
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(Json.mapper().readTree(schemaText));
        return schema.validate(Json.mapper().readTree(answer)).stream()
                .map(error -> error.getInstanceLocation() + ": " + error.getMessage()).toList();
    }
}
