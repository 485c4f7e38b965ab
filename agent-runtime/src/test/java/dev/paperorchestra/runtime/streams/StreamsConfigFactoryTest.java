package dev.paperorchestra.runtime.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.kafka.KafkaRuntimeProperties;
import dev.paperorchestra.runtime.kafka.StageBudget;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

class StreamsConfigFactoryTest {

    @Test
    void a_stream_thread_looks_for_a_due_commit_at_least_as_often_as_it_commits() {
        new ApplicationContextRunner().withUserConfiguration(Enabled.class).run(context -> {
            KafkaRuntimeProperties kafka = context.getBean(KafkaRuntimeProperties.class);
            try (StageBudget budget = StageBudget.of(null, Duration.ofMinutes(1), List.of(), "writer")) {
                Properties streams = new StreamsConfigFactory(kafka, kafka.client(), budget, "writer-agent")
                        .create("join");

                StreamsConfig config = new StreamsConfig(streams);
                assertThat(config.getLong(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG))
                        .isEqualTo(StreamsConfigFactory.COMMIT_INTERVAL_MS);
                // output becomes readable at a commit, and the thread checks for one only between polls
                assertThat(config.getLong(StreamsConfig.POLL_MS_CONFIG))
                        .isLessThanOrEqualTo(config.getLong(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG));
                assertThat(config.getString(StreamsConfig.PROCESSING_GUARANTEE_CONFIG))
                        .isEqualTo(StreamsConfig.EXACTLY_ONCE_V2);
            }
        });
    }

    @Test
    void a_topology_that_waits_on_people_commits_and_polls_less_often() {
        new ApplicationContextRunner().withUserConfiguration(Enabled.class).run(context -> {
            KafkaRuntimeProperties kafka = context.getBean(KafkaRuntimeProperties.class);
            try (StageBudget budget = StageBudget.of(null, Duration.ofMinutes(1), List.of(), "outline")) {
                StreamsConfig config = new StreamsConfig(new StreamsConfigFactory(kafka, kafka.client(), budget,
                        "outline-agent").create("approval-gate", Duration.ofMillis(200)));

                assertThat(config.getLong(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG)).isEqualTo(200);
                assertThat(config.getLong(StreamsConfig.POLL_MS_CONFIG)).isEqualTo(200);
            }
        });
    }

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(KafkaRuntimeProperties.class)
    static class Enabled {
    }
}
