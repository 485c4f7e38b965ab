package dev.paperorchestra.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.support.ResourcePropertySource;

/**
 * Adds the runtime's defaults (Actuator exposure, probes, log levels) below every other property source. A
 * shared {@code application.properties} would not work: six agents can share one classpath in the embedded
 * default. {@code po.log-format=json} ({@code PO_LOG_FORMAT=json}, set in the agents' container images) turns
 * the console log into Spring Boot's structured ECS JSON, one object per line with the MDC's paper and trace
 * ids as fields; {@code text}, the default, keeps Spring Boot's plain console format.
 */
public class RuntimeDefaultsEnvironmentPostProcessor implements EnvironmentPostProcessor {

    static final String RESOURCE = "META-INF/paperorchestra/runtime-defaults.properties";
    static final String LOG_FORMAT = "po.log-format";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String format = environment.getProperty(LOG_FORMAT, "text").trim().toLowerCase(Locale.ROOT);
        switch (format) {
            case "json" -> environment.getPropertySources().addLast(new MapPropertySource("paperorchestra-log-format",
                    Map.of("logging.structured.format.console", "ecs")));
            case "text" -> {
            }
            default -> throw new IllegalArgumentException(LOG_FORMAT + " (PO_LOG_FORMAT) must be text or json, not '"
                    + format + "'");
        }
        try {
            environment.getPropertySources().addLast(
                    new ResourcePropertySource("paperorchestra-runtime-defaults", new ClassPathResource(RESOURCE)));
        } catch (IOException e) {
            throw new UncheckedIOException("agent-runtime is missing " + RESOURCE, e);
        }
    }
}
