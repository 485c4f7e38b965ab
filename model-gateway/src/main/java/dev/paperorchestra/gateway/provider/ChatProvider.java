package dev.paperorchestra.gateway.provider;

/**
 * One configured model endpoint (provider, model, base URL) that answers a single request. Implementations
 * throw their library's exceptions; {@link ProviderFailures} classifies them.
 */
public interface ChatProvider {

    /** Where this provider sends requests and with which model; never holds the API key. */
    ProviderEndpoint endpoint();

    ProviderAnswer chat(ProviderCall call);
}
