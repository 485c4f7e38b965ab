package dev.paperorchestra.writer;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Step 4 of the pipeline: joins literature-ready and figures-ready for a paper, writes the remaining sections
 * into the drafted template, compiles it and emits paper-drafts.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class WriterAgentApplication {

    public static final String NAME = "writer-agent";

    public static SpringApplicationBuilder builder() {
        return new SpringApplicationBuilder(WriterAgentApplication.class)
                .properties("spring.application.name=" + NAME, "spring.config.name=" + NAME, "server.port=8084");
    }

    public static void main(String[] args) {
        builder().run(args);
    }
}
