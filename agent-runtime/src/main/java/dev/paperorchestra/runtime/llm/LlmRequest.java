package dev.paperorchestra.runtime.llm;

import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One model call.
 *
 * @param paperId    paper the call is made for (accounting, budgets, logs; never sent to the model)
 * @param agent      calling agent
 * @param role       the role whose provider answers
 * @param system     system prompt (the gateway prepends the isolation preamble for writing roles)
 * @param user       user prompt
 * @param jsonSchema JSON Schema the answer must match, or null for free text
 * @param images     images sent along, for vision-capable roles
 */
public record LlmRequest(String paperId, String agent, LlmRole role, String system, String user,
        @Nullable String jsonSchema, List<Image> images) {

    public LlmRequest {
        images = List.copyOf(images);
    }

    /** An image input. */
    public record Image(String mediaType, byte[] content) {
    }

    public Optional<String> schema() {
        return Optional.ofNullable(jsonSchema);
    }
}
