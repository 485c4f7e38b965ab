package dev.paperorchestra.cli.run;

import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Whether a model-backed run can start. This build has no model provider yet (they arrive with the LLM
 * gateway), so any run without {@code --offline} is refused with the reason, instead of failing later inside
 * an agent.
 */
final class ProviderConfiguration {

    private ProviderConfiguration() {
    }

    /** Why a model-backed run cannot start, or empty when it can. */
    static Optional<String> refusal(@Nullable String provider) {
        if (provider == null || provider.isBlank() || provider.equalsIgnoreCase("none")) {
            return Optional.of("no model provider is configured (PO_LLM_PROVIDER is unset), so only the offline mode "
                    + "can run. Pass --offline for the deterministic, labelled offline paper.");
        }
        return Optional.of("PO_LLM_PROVIDER=" + provider.toLowerCase(Locale.ROOT) + " is not available in this build "
                + "(model providers arrive with the LLM gateway). Pass --offline for the deterministic, labelled "
                + "offline paper.");
    }
}
