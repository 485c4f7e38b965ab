package dev.paperorchestra.outline;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The outline agent: paper-requests -> paper-outlines. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class OutlineAgentApplication {

    public static final String NAME = "outline-agent";

    public static SpringApplicationBuilder builder() {
        return new SpringApplicationBuilder(OutlineAgentApplication.class)
                .properties("spring.application.name=" + NAME, "spring.config.name=" + NAME, "server.port=8081");
    }

    public static void main(String[] args) {
        builder().run(args);
    }
}
