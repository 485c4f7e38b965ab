package dev.paperorchestra.reviewer;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** reviewer-agent: review-requests -> review-results. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ReviewerAgentApplication {

    public static final String NAME = "reviewer-agent";

    public static SpringApplicationBuilder builder() {
        return new SpringApplicationBuilder(ReviewerAgentApplication.class)
                .properties("spring.application.name=" + NAME, "spring.config.name=" + NAME, "server.port=8086");
    }

    public static void main(String[] args) {
        builder().run(args);
    }
}
