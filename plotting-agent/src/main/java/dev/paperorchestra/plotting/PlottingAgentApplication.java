package dev.paperorchestra.plotting;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** Step 2: renders the planned figures from the log's numbers (paper-outlines -> figures-ready). */
@SpringBootApplication
@ConfigurationPropertiesScan
public class PlottingAgentApplication {

    public static final String NAME = "plotting-agent";

    public static SpringApplicationBuilder builder() {
        // charts are drawn off-screen; Spring Boot sets this too, but the cli may have touched AWT before
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        return new SpringApplicationBuilder(PlottingAgentApplication.class)
                .properties("spring.application.name=" + NAME, "spring.config.name=" + NAME, "server.port=8083");
    }

    public static void main(String[] args) {
        builder().run(args);
    }
}
