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
