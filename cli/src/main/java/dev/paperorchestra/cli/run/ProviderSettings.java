package dev.paperorchestra.cli.run;

import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.core.RoleBinding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * The model configuration a run would use, read exactly as the agents read it (the command's options over the
 * {@code PO_LLM_*} environment), and checked before any broker starts: no provider, or a provider without its
 * key, is refused with the reason instead of failing later inside an agent.
 *
 * @param offline  true when the job runs the deterministic offline path
 * @param bindings every role's provider (empty when offline)
 */
public record ProviderSettings(boolean offline, LlmProperties properties, Map<LlmRole, RoleBinding> bindings) {

    /**
     * @param offlineFlag {@code --offline} was given
     * @param env         the environment variables
     * @throws IllegalArgumentException with the reason a run cannot start
     */
    public static ProviderSettings resolve(ModelOptions options, boolean offlineFlag, Map<String, String> env) {
        LlmProperties properties = bind(options, env);
        if (offlineFlag && options.provider != null && properties.provider() != ProviderKind.OFFLINE) {
            throw new IllegalArgumentException("--offline and --llm " + options.provider + " contradict each other; "
                    + "give one of them");
        }
        if (offlineFlag || properties.provider() == ProviderKind.OFFLINE) {
            return new ProviderSettings(true, properties, Map.of());
        }
        Map<LlmRole, RoleBinding> bindings = RoleBinding.resolve(properties, env::get);
        List<String> problems = new ArrayList<>();
        bindings.values().forEach(binding -> binding.problem().ifPresent(problems::add));
        if (properties.provider() == ProviderKind.NONE && problems.size() == bindings.size()) {
            throw new IllegalArgumentException("no model provider is configured: pass --llm openai|gemini|anthropic "
                    + "(with --llm-base-url for an OpenAI-compatible server) or set PO_LLM_PROVIDER; or pass "
                    + "--offline for the deterministic, labelled offline paper");
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems.stream().distinct().toList()));
        }
        return new ProviderSettings(false, properties, bindings);
    }

    /** The {@code po.llm} properties from the options, then the environment, as Spring Boot binds them. */
    static LlmProperties bind(ModelOptions options, Map<String, String> env) {
        StandardEnvironment environment = new StandardEnvironment();
        var sources = environment.getPropertySources();
        sources.remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
        sources.remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
        sources.addFirst(new SystemEnvironmentPropertySource(
                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, new LinkedHashMap<>(env)));
        sources.addFirst(new MapPropertySource("options", new LinkedHashMap<>(options.properties())));
        ConfigurationPropertySources.attach(environment);
        try {
            return Binder.get(environment).bindOrCreate("po.llm", LlmProperties.class);
        } catch (BindException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            // the value is not repeated: it may be a key
            throw new IllegalArgumentException("invalid model configuration at " + e.getName() + ": "
                    + cause.getMessage(), e);
        }
    }
}
