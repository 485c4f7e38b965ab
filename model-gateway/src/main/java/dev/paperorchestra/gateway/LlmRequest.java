package dev.paperorchestra.gateway;

import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One model call.
 *
 * @param paperId     paper the call is made for (accounting, budgets, logs; never sent to the model)
 * @param agent       calling agent
 * @param role        the role whose provider answers
 * @param system      the step's instructions; for a writing role the gateway sends them at the head of the user
 *                    prompt's rules, after the materials, with the isolation preamble as the system message
 *                    ({@code PromptLayout})
 * @param prompt      user prompt, as ordered blocks: the stable ones first ({@link Prompt}), so providers can
 *                    cache the shared prefix
 * @param jsonSchema  JSON Schema the answer must match, or null for free text; the gateway validates the answer
 *                    and re-asks with the violations a bounded number of times
 * @param images      images sent along, for vision-capable roles
 * @param temperature sampling temperature, or null for the role's configured default
 */
public record LlmRequest(String paperId, String agent, LlmRole role, String system, Prompt prompt,
        @Nullable String jsonSchema, List<Image> images, @Nullable Double temperature) {

    public LlmRequest {
        images = List.copyOf(images);
    }

    /** A call at the role's default temperature. */
    public LlmRequest(String paperId, String agent, LlmRole role, String system, Prompt prompt,
            @Nullable String jsonSchema, List<Image> images) {
        this(paperId, agent, role, system, prompt, jsonSchema, images, null);
    }

    /** A call whose user prompt is one per-call block (nothing in it marked stable). */
    public LlmRequest(String paperId, String agent, LlmRole role, String system, String user,
            @Nullable String jsonSchema, List<Image> images, @Nullable Double temperature) {
        this(paperId, agent, role, system, Prompt.of(user), jsonSchema, images, temperature);
    }

    /** A call at the role's default temperature whose user prompt is one per-call block. */
    public LlmRequest(String paperId, String agent, LlmRole role, String system, String user,
            @Nullable String jsonSchema, List<Image> images) {
        this(paperId, agent, role, system, Prompt.of(user), jsonSchema, images, null);
    }

    /** The user prompt as one text, the blocks in order. */
    public String user() {
        return prompt.text();
    }

    /** An image input (PNG or JPEG bytes; PDF pages are rendered to PNG before they are sent). */
    public record Image(String mediaType, byte[] content) {
    }

    public Optional<String> schema() {
        return Optional.ofNullable(jsonSchema);
    }

    public Optional<Double> temperatureOverride() {
        return Optional.ofNullable(temperature);
    }
}
