package dev.paperorchestra.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.common.KeyValue;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.support.micrometer.KafkaRecordReceiverContext;

class ListenerIdConventionTest {

    @Test
    void the_listener_id_tag_drops_the_consumer_thread_number() {
        KafkaRecordReceiverContext context = new KafkaRecordReceiverContext(
                new ConsumerRecord<>("paper-requests", 0, 0L, "p1", "v"), "outline-agent.paper-requests-1",
                () -> "cluster");

        assertThat(new ListenerIdConvention().getLowCardinalityKeyValues(context).stream()
                .filter(keyValue -> keyValue.getKey().equals("spring.kafka.listener.id")).map(KeyValue::getValue))
                .containsExactly("outline-agent.paper-requests");
    }

    @Test
    void ids_without_a_thread_number_are_kept() {
        assertThat(ListenerIdConvention.withoutThreadSuffix("literature-agent.citation-verify-requests"))
                .isEqualTo("literature-agent.citation-verify-requests");
        assertThat(ListenerIdConvention.withoutThreadSuffix("probe-12")).isEqualTo("probe");
    }
}
