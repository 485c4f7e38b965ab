package dev.paperorchestra.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.support.ResourcePropertySource;

/**
 * Adds the runtime's defaults (Actuator exposure, probes) below every other property source. A shared
 * {@code application.properties} would not work: six agents can share one classpath in the embedded default.
 */
public class RuntimeDefaultsEnvironmentPostProcessor implements EnvironmentPostProcessor {

    static final String RESOURCE = "META-INF/paperorchestra/runtime-defaults.properties";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        try {
            environment.getPropertySources().addLast(
                    new ResourcePropertySource("paperorchestra-runtime-defaults", new ClassPathResource(RESOURCE)));
        } catch (IOException e) {
            throw new UncheckedIOException("agent-runtime is missing " + RESOURCE, e);
        }
    }
}
