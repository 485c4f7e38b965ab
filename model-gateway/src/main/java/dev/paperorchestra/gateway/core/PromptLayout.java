package dev.paperorchestra.gateway.core;

import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;

/**
 * How a request's system prompt and user prompt reach the provider. A writing role's system message is the
 * isolation preamble alone, the same in every call of every step and paper; the step's own system prompt opens
 * the user prompt's rules, after the materials, outline, literature and what the step reads besides. Providers
 * cache by prefix (the system message included), so a step-specific system message would end the shared prefix
 * at its first token: laid out this way, every step of a paper after its first reads the paper's materials from
 * the prompt cache. It also puts the long documents ahead of the instructions that refer to them, the order
 * Anthropic's long-context guidance recommends. The searcher, exempt from the preamble, is sent as written.
 *
 * @param system the system message sent
 * @param user   the user prompt sent
 */
public record PromptLayout(String system, Prompt user) {

    public static PromptLayout of(LlmRole role, String system, Prompt prompt) {
        if (!IsolationPreamble.appliesTo(role)) {
            return new PromptLayout(system, prompt);
        }
        return new PromptLayout(IsolationPreamble.TEXT, system.isBlank() ? prompt : prompt.withInstructions(system));
    }
}
