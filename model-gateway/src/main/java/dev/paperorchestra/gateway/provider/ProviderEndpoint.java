package dev.paperorchestra.gateway.provider;

import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import java.util.Locale;

/**
 * A provider endpoint as people see it in logs, metrics and {@code po doctor}: no secrets.
 *
 * @param kind    the provider
 * @param model   the model name sent with every request
 * @param baseUrl the base URL requests go to
 */
public record ProviderEndpoint(ProviderKind kind, String model, String baseUrl) {

    public String providerName() {
        return kind.name().toLowerCase(Locale.ROOT);
    }

    /** The bulkhead key: requests to one server share one concurrency limit, whatever the model. */
    public String server() {
        return providerName() + " " + baseUrl;
    }

    @Override
    public String toString() {
        return providerName() + " " + model + " at " + baseUrl;
    }
}
