package dev.paperorchestra.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

class RuntimeDefaultsEnvironmentPostProcessorTest {

    @Test
    void json_log_format_turns_on_structured_ecs_console_logs() {
        StandardEnvironment environment = environment(Map.of("po.log-format", "json"));

        assertThat(environment.getProperty("logging.structured.format.console")).isEqualTo("ecs");
    }

    @Test
    void plain_text_is_the_default_and_kafka_clients_log_warnings_only() {
        StandardEnvironment environment = environment(Map.of());

        assertThat(environment.getProperty("logging.structured.format.console")).isNull();
        assertThat(environment.getProperty("logging.level.org.apache.kafka")).isEqualTo("WARN");
        assertThat(environment.getProperty("management.endpoint.health.group.readiness.include"))
                .contains("kafkaBroker", "kafkaListeners", "kafkaStreams");
    }

    @Test
    void explicit_settings_win_over_the_defaults() {
        StandardEnvironment environment = environment(Map.of("po.log-format", "json",
                "logging.structured.format.console", "logstash", "logging.level.org.apache.kafka", "INFO"));

        assertThat(environment.getProperty("logging.structured.format.console")).isEqualTo("logstash");
        assertThat(environment.getProperty("logging.level.org.apache.kafka")).isEqualTo("INFO");
    }

    @Test
    void an_unknown_log_format_is_refused_naming_the_setting() {
        assertThatThrownBy(() -> environment(Map.of("po.log-format", "xml")))
                .hasMessage("po.log-format (PO_LOG_FORMAT) must be text or json, not 'xml'");
    }

    private static StandardEnvironment environment(Map<String, Object> properties) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
        new RuntimeDefaultsEnvironmentPostProcessor().postProcessEnvironment(environment, new SpringApplication());
        return environment;
    }
}
