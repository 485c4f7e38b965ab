package dev.paperorchestra.literature;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** Step 3: discovery workers, the single citation verifier, the collector with registry and drafting. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class LiteratureAgentApplication {

    public static final String NAME = "literature-agent";

    public static SpringApplicationBuilder builder() {
        return new SpringApplicationBuilder(LiteratureAgentApplication.class)
                .properties("spring.application.name=" + NAME, "spring.config.name=" + NAME, "server.port=8082");
    }

    public static void main(String[] args) {
        builder().run(args);
    }
}
