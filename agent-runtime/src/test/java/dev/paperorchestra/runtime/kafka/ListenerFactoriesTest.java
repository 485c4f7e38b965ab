package dev.paperorchestra.runtime.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;

class ListenerFactoriesTest {

    @Test
    void every_container_of_a_factory_gets_its_consumer_properties() {
        var factory = new ConcurrentKafkaListenerContainerFactory<String, String>();
        factory.setConsumerFactory(new DefaultKafkaConsumerFactory<>(Map.of()));
        ListenerFactories.consumerProperties(factory, Map.of(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1,
                ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 10_000L));

        ConcurrentMessageListenerContainer<String, String> first = factory.createContainer("paper-drafts");
        ConcurrentMessageListenerContainer<String, String> second = factory.createContainer("review-results");

        for (var container : List.of(first, second)) {
            assertThat(container.getContainerProperties().getKafkaConsumerProperties())
                    .containsEntry(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "1")
                    .containsEntry(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, "10000");
        }
    }

    @Test
    void a_factory_without_them_leaves_the_consumer_factory_settings_alone() {
        var factory = new ConcurrentKafkaListenerContainerFactory<String, String>();
        factory.setConsumerFactory(new DefaultKafkaConsumerFactory<>(Map.of()));

        assertThat(factory.createContainer("paper-drafts").getContainerProperties().getKafkaConsumerProperties())
                .doesNotContainKey(ConsumerConfig.MAX_POLL_RECORDS_CONFIG);
    }
}
