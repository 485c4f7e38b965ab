package dev.paperorchestra.refine;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** refine-agent: paper-drafts + review-results -> review-requests ... -> paper-completed. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class RefineAgentApplication {

    public static final String NAME = "refine-agent";

    public static SpringApplicationBuilder builder() {
        return new SpringApplicationBuilder(RefineAgentApplication.class)
                .properties("spring.application.name=" + NAME, "spring.config.name=" + NAME, "server.port=8085");
    }

    public static void main(String[] args) {
        builder().run(args);
    }
}
