package dev.paperorchestra.cli.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * The model options {@code po run} and {@code po doctor} share. Each is a shortcut for a {@code po.llm.*}
 * property and wins over the matching {@code PO_LLM_*} environment variable; every other property (per-role
 * models, budgets, the cache mode) comes from the environment as in a deployment.
 */
public final class ModelOptions {

    @Option(names = "--llm", paramLabel = "PROVIDER",
            description = "Model provider of every role: openai, gemini, anthropic or offline (default: PO_LLM_PROVIDER).")
    @Nullable String provider;

    @Option(names = "--llm-base-url", paramLabel = "URL",
            description = "Base URL of the provider, e.g. http://127.0.0.1:8000/v1 for an OpenAI-compatible server (default: PO_LLM_BASE_URL, else the provider's public endpoint).")
    @Nullable String baseUrl;

    @Option(names = "--llm-model", paramLabel = "MODEL",
            description = "Model of every role (default: PO_LLM_MODEL, else the provider's default model).")
    @Nullable String model;

    /** Whether {@code --llm} was given. */
    public boolean providerGiven() {
        return provider != null;
    }

    /** The options given, as {@code po.llm.*} properties. */
    Map<String, String> properties() {
        Map<String, String> properties = new LinkedHashMap<>();
        if (provider != null) {
            properties.put("po.llm.provider", provider);
        }
        if (baseUrl != null) {
            properties.put("po.llm.base-url", baseUrl);
        }
        if (model != null) {
            properties.put("po.llm.model", model);
        }
        return properties;
    }

    /** The options given, as Spring arguments for every agent. */
    public List<String> springArgs() {
        List<String> args = new ArrayList<>();
        properties().forEach((name, value) -> args.add("--" + name + "=" + value));
        return args;
    }
}
