package dev.paperorchestra.writer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class WriterAgentConfigurationTest {

    private static final String TRANSACTION_TIMEOUT = "producer.transaction.timeout.ms";

    @Test
    void the_join_transaction_outlasts_a_compile() {
        Properties base = new Properties();
        base.put("application.id", "writer-agent-writer-join");

        Properties config = WriterAgentConfiguration.joinConfig(base, Duration.ofSeconds(180));

        assertThat(config.get(TRANSACTION_TIMEOUT)).isEqualTo(300_000);
        assertThat(config.get("application.id")).isEqualTo("writer-agent-writer-join");
        assertThat(base).doesNotContainKey(TRANSACTION_TIMEOUT);
    }

    @Test
    void the_join_transaction_timeout_stays_within_the_broker_maximum() {
        Properties config = WriterAgentConfiguration.joinConfig(new Properties(), Duration.ofHours(1));

        assertThat(config.get(TRANSACTION_TIMEOUT)).isEqualTo(900_000);
    }
}
