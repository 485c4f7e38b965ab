package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.cli.run.ModelOptions;
import dev.paperorchestra.cli.run.ProviderSettings;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;

/**
 * One extra judge family of {@code po bench --judge PROVIDER:MODEL[@BASE_URL]}: a provider and model the
 * side-by-side judgements are asked of besides the reviewer role's model, so the bench can say how far judges
 * of different families agree.
 *
 * @param baseUrl the endpoint, null for the provider's public one
 */
public record JudgeSpec(String provider, String model, @Nullable String baseUrl) {

    private static final Set<String> PROVIDERS = Set.of("openai", "gemini", "anthropic");

    /** The family's name in results and the report: provider and model, never the endpoint or a key. */
    public String label() {
        return provider + ":" + model;
    }

    /**
     * @throws IllegalArgumentException naming the value and what is wrong with it
     */
    public static JudgeSpec parse(String value) {
        String text = value.strip();
        int colon = text.indexOf(':');
        if (colon < 0) {
            throw bad(value, "expected PROVIDER:MODEL[@BASE_URL], e.g. anthropic:claude-sonnet-4-5");
        }
        String provider = text.substring(0, colon).strip().toLowerCase(Locale.ROOT);
        if (!PROVIDERS.contains(provider)) {
            throw bad(value, "unknown provider '" + provider + "' (known: anthropic, gemini, openai)");
        }
        String rest = text.substring(colon + 1);
        // a model name may hold '@' (some providers version models so); only '@http' starts the endpoint
        int at = rest.indexOf("@http");
        String model = (at < 0 ? rest : rest.substring(0, at)).strip();
        if (model.isEmpty()) {
            throw bad(value, "the model is missing after '" + provider + ":'");
        }
        String baseUrl = null;
        if (at >= 0) {
            baseUrl = rest.substring(at + 1).strip();
            URI uri;
            try {
                uri = URI.create(baseUrl);
            } catch (IllegalArgumentException e) {
                throw bad(value, "the base URL is not a URL");
            }
            if (uri.getHost() == null || !Set.of("http", "https").contains(uri.getScheme())) {
                throw bad(value, "the base URL must be an http or https URL with a host");
            }
        }
        return new JudgeSpec(provider, model, baseUrl);
    }

    /**
     * Every {@code --judge} value, parsed; the same family twice, or the default judge again, is refused.
     *
     * @param defaultLabel the reviewer role's family, always the first judge
     */
    public static List<JudgeSpec> parseAll(List<String> values, String defaultLabel) {
        List<JudgeSpec> specs = new ArrayList<>();
        for (String value : values) {
            JudgeSpec spec = parse(value);
            if (spec.label().equals(defaultLabel)) {
                throw bad(value, "that is the reviewer role's model, already the first judge family");
            }
            if (specs.stream().anyMatch(other -> other.label().equals(spec.label()))) {
                throw bad(value, "the family " + spec.label() + " is given twice");
            }
            specs.add(spec);
        }
        return List.copyOf(specs);
    }

    /**
     * This family's model settings: the provider, model and endpoint given, its key from the provider's usual
     * variable (OPENAI_API_KEY, GEMINI_API_KEY or GOOGLE_API_KEY, ANTHROPIC_API_KEY), and every other
     * {@code PO_LLM_*} setting (timeout, retries, cache mode) from the environment. The deployment's provider,
     * model, endpoint and per-role settings are not taken over; PO_LLM_API_KEY only when PO_LLM_PROVIDER is this
     * family's provider, since it is that provider's key.
     *
     * @throws IllegalArgumentException when the family cannot be called (no key), naming the variable
     */
    public ProviderSettings settings(Map<String, String> env) {
        boolean ownProvider = provider.equalsIgnoreCase(env.getOrDefault("PO_LLM_PROVIDER", ""));
        Map<String, String> kept = env.entrySet().stream()
                .filter(e -> !e.getKey().startsWith("PO_LLM_ROLES_") && !Set.of("PO_LLM_PROVIDER", "PO_LLM_MODEL",
                        "PO_LLM_BASE_URL").contains(e.getKey()))
                .filter(e -> ownProvider || !e.getKey().equals("PO_LLM_API_KEY"))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        List<String> args = new ArrayList<>(List.of("--llm", provider, "--llm-model", model));
        if (baseUrl != null) {
            args.addAll(List.of("--llm-base-url", baseUrl));
        }
        ModelOptions options = new ModelOptions();
        new CommandLine(options).parseArgs(args.toArray(String[]::new));
        try {
            return ProviderSettings.resolve(options, false, kept);
        } catch (IllegalArgumentException e) {
            // the same problem is listed once per role; a judge only asks as the reviewer
            String message = String.valueOf(e.getMessage());
            String reviewer = java.util.Arrays.stream(message.split("; ")).filter(part -> part.contains("(role reviewer)"))
                    .findFirst().map(part -> part.replace(" (role reviewer)", "")).orElse(message);
            throw new IllegalArgumentException("--judge " + label() + ": " + (ownProvider ? reviewer
                    : reviewer.replace(" or PO_LLM_API_KEY", "")), e);
        }
    }

    private static IllegalArgumentException bad(String value, String why) {
        return new IllegalArgumentException("--judge '" + value.strip() + "': " + why);
    }
}
