package dev.paperorchestra.cli.doctor;

import dev.paperorchestra.reviewer.ReviewerAgentProperties;
import dev.paperorchestra.reviewer.panel.PanelMember;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/** The reviewer panel a run's reviewer agent would sit, read from the environment as the agent binds it. */
final class ReviewerPanelSettings {

    private ReviewerPanelSettings() {
    }

    /**
     * @throws IllegalArgumentException when {@code PO_REVIEWER_*} does not bind, with the reason (never a value:
     *                                  it may be a key)
     */
    static List<PanelMember> members(Map<String, String> env) {
        StandardEnvironment environment = new StandardEnvironment();
        var sources = environment.getPropertySources();
        sources.remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
        sources.remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
        sources.addFirst(new SystemEnvironmentPropertySource(
                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, new LinkedHashMap<>(env)));
        ConfigurationPropertySources.attach(environment);
        try {
            return Binder.get(environment).bindOrCreate("po.reviewer", ReviewerAgentProperties.class).panel();
        } catch (BindException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            while (cause.getCause() != null && cause.getCause() != cause) {
                cause = cause.getCause();
            }
            throw new IllegalArgumentException("invalid configuration at " + e.getName() + ": " + cause.getMessage(),
                    e);
        }
    }
}
