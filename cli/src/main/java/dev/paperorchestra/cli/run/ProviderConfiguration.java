package dev.paperorchestra.cli.run;

/** Whether the environment names a model provider (the providers themselves arrive with the LLM gateway). */
final class ProviderConfiguration {

    private ProviderConfiguration() {
    }

    static boolean isConfigured() {
        String provider = System.getenv("PO_LLM_PROVIDER");
        return provider != null && !provider.isBlank() && !provider.equalsIgnoreCase("none");
    }
}
