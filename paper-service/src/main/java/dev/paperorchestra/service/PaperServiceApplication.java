package dev.paperorchestra.service;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** paper-service: HTTP in; paper-requests and paper-cancellations out; paper-status and paper-completed read. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class PaperServiceApplication {

    public static final String NAME = "paper-service";

    public static SpringApplicationBuilder builder() {
        return new SpringApplicationBuilder(PaperServiceApplication.class)
                .properties("spring.application.name=" + NAME, "spring.config.name=" + NAME, "server.port=8080",
                        // a rejected large upload must still be answered (413), not reset mid-body
                        "server.tomcat.max-swallow-size=-1");
    }

    public static void main(String[] args) {
        builder().run(args);
    }
}
