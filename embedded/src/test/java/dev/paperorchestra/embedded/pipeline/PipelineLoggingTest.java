package dev.paperorchestra.embedded.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.Appender;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

class PipelineLoggingTest {

    @Configuration(proxyBeanMethods = false)
    static class Empty {
    }

    @AfterEach
    void restore() {
        System.clearProperty(PipelineLogging.SPRING_LOGGING_SYSTEM);
        System.clearProperty("PO_LOG_FILE");
        System.clearProperty("logging.config");
        // back to the test configuration for whatever runs next in this JVM
        System.clearProperty(PipelineLogging.SPRING_LOGGING_SYSTEM);
        PipelineLogging.takeOver(Path.of("target", "test-logs", "po.log"));
        System.clearProperty(PipelineLogging.SPRING_LOGGING_SYSTEM);
    }

    @Test
    void a_configuration_named_by_logging_config_is_the_one_loaded_and_writes_to_the_run_s_log(@TempDir Path dir)
            throws Exception {
        Path configuration = dir.resolve("production.xml");
        java.nio.file.Files.writeString(configuration, """
                <configuration>
                  <appender name="RUN" class="ch.qos.logback.core.FileAppender">
                    <file>${PO_LOG_FILE}</file>
                    <encoder><pattern>%msg%n</pattern></encoder>
                  </appender>
                  <root level="INFO"><appender-ref ref="RUN"/></root>
                </configuration>
                """);
        System.setProperty("logging.config", configuration.toString());
        Path log = dir.resolve("logs").resolve("po.log");

        PipelineLogging.takeOver(log);
        LoggerFactory.getLogger(PipelineLoggingTest.class).info("written by the pipeline's configuration");

        assertThat(rootAppender().getName()).isEqualTo("RUN");
        assertThat(log).content().contains("written by the pipeline's configuration");
    }

    @Test
    void an_agent_started_after_the_take_over_leaves_the_logging_configuration_as_it_is(@TempDir Path dir) {
        PipelineLogging.takeOver(dir.resolve("po.log"));
        Appender<ILoggingEvent> before = rootAppender();

        try (ConfigurableApplicationContext agent = new SpringApplicationBuilder(Empty.class)
                .web(WebApplicationType.NONE).run("--spring.main.banner-mode=off")) {
            // a reset would have replaced the appender (and left a moment without one: "No appenders present")
            assertThat(rootAppender()).isSameAs(before);
        }
        assertThat(System.getProperty("PO_LOG_FILE")).isEqualTo(dir.resolve("po.log").toString());
    }

    private static Appender<ILoggingEvent> rootAppender() {
        Logger root = ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger(Logger.ROOT_LOGGER_NAME);
        Appender<ILoggingEvent> appender = root.iteratorForAppenders().next();
        assertThat(appender).isNotNull();
        return appender;
    }
}
