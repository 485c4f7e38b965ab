package dev.paperorchestra.gateway.core;

import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.LlmProperties.RoleSettings;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.anthropic.AnthropicAdapter;
import dev.paperorchestra.gateway.gemini.GeminiAdapter;
import dev.paperorchestra.gateway.openai.OpenAiAdapter;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import dev.paperorchestra.base.redaction.Redaction;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The provider, model, endpoint, key and temperature a role is called with: the role's own settings, else the
 * defaults, else the provider's public endpoint, default model and usual key variable.
 *
 * @param apiKey the key ("" when none was found); never logged or written anywhere
 */
public record RoleBinding(LlmRole role, ProviderKind kind, String model, String baseUrl, String apiKey,
        @Nullable Double temperature) {

    /** Sampling temperature of the conference-style reviewer in the reference setting. */
    static final double REVIEWER_TEMPERATURE = 0.75;

    public ProviderEndpoint endpoint() {
        return new ProviderEndpoint(kind, model, baseUrl);
    }

    /** True for providers that call a model (not none/offline). */
    public boolean callsModel() {
        return kind != ProviderKind.NONE && kind != ProviderKind.OFFLINE;
    }

    /** Why this binding cannot make calls, or empty when it can. */
    public Optional<String> problem() {
        if (!callsModel()) {
            return Optional.of("no model provider is configured for role " + name(role) + " (provider "
                    + name(kind) + ")");
        }
        boolean publicEndpoint = baseUrl.equals(defaultBaseUrl(kind));
        if (apiKey.isBlank() && (kind != ProviderKind.OPENAI || publicEndpoint)) {
            return Optional.of("no API key for " + name(kind) + " (role " + name(role) + "): set "
                    + keyVariable(kind) + " or PO_LLM_API_KEY");
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return name(role) + " -> " + endpoint();
    }

    /** Every role's binding under these properties; {@code env} reads environment variables. */
    public static Map<LlmRole, RoleBinding> resolve(LlmProperties properties, UnaryOperator<@Nullable String> env) {
        Map<String, RoleSettings> overrides = new java.util.HashMap<>();
        properties.roles().forEach((name, settings) -> overrides.put(name.toLowerCase(Locale.ROOT), settings));
        for (String name : overrides.keySet()) {
            boolean known = java.util.Arrays.stream(LlmRole.values()).anyMatch(role -> name(role).equals(name));
            if (!known) {
                throw new IllegalArgumentException("po.llm.roles." + name + ": unknown role (roles: planner, "
                        + "searcher, critic, reviewer)");
            }
        }
        Map<LlmRole, RoleBinding> bindings = new EnumMap<>(LlmRole.class);
        for (LlmRole role : LlmRole.values()) {
            RoleSettings own = overrides.get(name(role));
            ProviderKind kind = first(own == null ? null : own.provider(), properties.provider());
            boolean sameProvider = own == null || own.provider() == null || own.provider() == properties.provider();
            String model = first(own == null ? null : own.model(),
                    sameProvider ? properties.model() : null, defaultModel(kind));
            String baseUrl = trimSlash(first(own == null ? null : own.baseUrl(),
                    sameProvider ? properties.baseUrl() : null, defaultBaseUrl(kind)));
            String apiKey = first(own == null ? null : own.apiKey(), sameProvider ? properties.apiKey() : null,
                    envKey(kind, env), "");
            Redaction.registerSecret("the API key of the " + name(role) + " role (po.llm.api-key, po.llm.roles."
                    + name(role) + ".api-key or the provider's variable, e.g. OPENAI_API_KEY)", apiKey);
            Double temperature = own != null && own.temperature() != null ? own.temperature()
                    : role == LlmRole.REVIEWER ? Double.valueOf(REVIEWER_TEMPERATURE) : null;
            bindings.put(role, new RoleBinding(role, kind, model, baseUrl, apiKey, temperature));
        }
        return bindings;
    }

    static String defaultModel(ProviderKind kind) {
        return switch (kind) {
            case OPENAI -> "gpt-4.1";
            case GEMINI -> "gemini-2.5-pro";
            case ANTHROPIC -> "claude-sonnet-4-5";
            case NONE, OFFLINE -> "none";
        };
    }

    static String defaultBaseUrl(ProviderKind kind) {
        return switch (kind) {
            case OPENAI -> OpenAiAdapter.DEFAULT_BASE_URL;
            case GEMINI -> GeminiAdapter.DEFAULT_BASE_URL;
            case ANTHROPIC -> AnthropicAdapter.DEFAULT_BASE_URL;
            case NONE, OFFLINE -> "none";
        };
    }

    static String keyVariable(ProviderKind kind) {
        return switch (kind) {
            case OPENAI -> "OPENAI_API_KEY";
            case GEMINI -> "GEMINI_API_KEY";
            case ANTHROPIC -> "ANTHROPIC_API_KEY";
            case NONE, OFFLINE -> "no key";
        };
    }

    private static @Nullable String envKey(ProviderKind kind, UnaryOperator<@Nullable String> env) {
        String key = switch (kind) {
            case OPENAI -> env.apply("OPENAI_API_KEY");
            case GEMINI -> env.apply("GEMINI_API_KEY") != null ? env.apply("GEMINI_API_KEY") : env.apply("GOOGLE_API_KEY");
            case ANTHROPIC -> env.apply("ANTHROPIC_API_KEY");
            case NONE, OFFLINE -> null;
        };
        return key == null || key.isBlank() ? null : key.strip();
    }

    static String name(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }

    private static String trimSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /** The first given value (not null, not blank); the last argument is the default and always counts. */
    @SafeVarargs
    private static <T> T first(@Nullable T... values) {
        for (int i = 0; i < values.length - 1; i++) {
            T value = values[i];
            if (value != null && !(value instanceof String text && text.isBlank())) {
                return value;
            }
        }
        T fallback = values[values.length - 1];
        if (fallback == null) {
            throw new IllegalStateException("no value and no default");
        }
        return fallback;
    }
}
