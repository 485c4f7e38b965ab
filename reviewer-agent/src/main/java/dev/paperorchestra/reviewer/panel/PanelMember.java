package dev.paperorchestra.reviewer.panel;

import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotNull;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * One seat of a configured reviewer panel ({@code po.reviewer.panel[i]}). Fields left unset fall back as the
 * reviewer role's own settings do: the provider's public endpoint, its default model and its usual key variable,
 * or the {@code po.llm} defaults when the member uses the default provider.
 *
 * @param provider    openai, gemini or anthropic
 * @param model       the model; unset for the provider's default model
 * @param baseUrl     the provider's endpoint; unset for its public one (or {@code po.llm.base-url} for the default
 *                    provider)
 * @param apiKey      the key; unset to take it from the provider's usual environment variable
 * @param focus       what the member reads for first: general, methods, evidence, clarity, related-work, novelty
 *                    or presentation
 * @param temperature sampling temperature of this member; unset for {@code po.reviewer.temperature}
 */
public record PanelMember(
        @NotNull ProviderKind provider,
        @Nullable String model,
        @Nullable String baseUrl,
        @Nullable String apiKey,
        @DefaultValue("general") @NotNull ReviewerFocus focus,
        @Nullable @DecimalMin("0.0") @DecimalMax("2.0") Double temperature) {

    public PanelMember {
        // bound without a validator (po doctor), a member with only a focus would silently take the default provider
        if ((Object) provider == null) {
            throw new IllegalArgumentException("a panel member names its provider: openai, gemini or anthropic");
        }
        if (provider == ProviderKind.NONE || provider == ProviderKind.OFFLINE) {
            throw new IllegalArgumentException("a panel member calls a model: provider must be openai, gemini or "
                    + "anthropic, was " + provider.name().toLowerCase(java.util.Locale.ROOT));
        }
    }

    /** provider:model (focus), as logs and saved reviews name the seat; the model may still be unresolved. */
    public String describe() {
        return provider.name().toLowerCase(java.util.Locale.ROOT) + ":" + (model == null ? "default" : model)
                + " (" + focus.label() + ")";
    }

    @Override
    public String toString() {
        // never the key
        return "PanelMember[" + describe() + (baseUrl == null ? "" : " at " + baseUrl) + "]";
    }
}
