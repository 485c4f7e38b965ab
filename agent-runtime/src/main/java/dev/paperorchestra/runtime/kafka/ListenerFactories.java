package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.runtime.cancel.CancelledPaperFilter;
import dev.paperorchestra.runtime.cancel.PaperCancellations;
import dev.paperorchestra.runtime.logging.PaperLogContext;
import dev.paperorchestra.runtime.metrics.ListenerIdConvention;
import java.util.Map;
import java.util.Properties;
import org.apache.avro.specific.SpecificRecord;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.listener.AfterRollbackProcessor;
import org.springframework.kafka.listener.CompositeRecordInterceptor;
import org.springframework.kafka.transaction.KafkaTransactionManager;

/**
 * Listener container factories that consume, process and produce in one Kafka transaction. A listener names
 * its factory by kind ({@link #ONE_RECORD}, or an agent's own such as the literature verifier's batch factory)
 * instead of repeating consumer properties, has the id {@code <agent>.<topic>} (the {@code
 * spring_kafka_listener_id} of its metrics) and sets its {@code groupId}: a group id never follows a listener
 * id, since a renamed group would lose a deployment's committed offsets.
 */
public final class ListenerFactories {

    /**
     * The container factory of a listener that does slow work (model calls, compiles, look-ups) per record:
     * each poll takes one record, so a record waits in Kafka rather than behind another in a poll, and every
     * record is its own transaction. Concurrency is {@code po.kafka.listener-concurrency} unless the listener
     * sets its own.
     */
    public static final String ONE_RECORD = "oneRecordListenerContainerFactory";

    private ListenerFactories() {
    }

    /**
     * Gives every container of a factory these consumer properties, over the consumer factory's settings (a
     * listener's own {@code properties} attribute still wins). A customizer, because a factory's own container
     * properties never reach its containers' consumers: spring-kafka does not copy their consumer properties.
     */
    public static <K, V> ConcurrentKafkaListenerContainerFactory<K, V> consumerProperties(
            ConcurrentKafkaListenerContainerFactory<K, V> factory, Map<String, ?> properties) {
        factory.setContainerCustomizer(container -> {
            Properties consumer = container.getContainerProperties().getKafkaConsumerProperties();
            properties.forEach((name, value) -> consumer.putIfAbsent(name, String.valueOf(value)));
        });
        return factory;
    }

    /**
     * @param cancellations the cancel markers: a cancelled paper's records are acknowledged, never processed
     * @param batch true for a listener that takes a whole poll at once (it then dead-letters single records
     *              itself; a failure it throws rolls the whole poll back)
     */
    public static ConcurrentKafkaListenerContainerFactory<String, SpecificRecord> transactional(
            ConsumerFactory<String, SpecificRecord> consumerFactory,
            KafkaTransactionManager<String, Object> transactionManager,
            AfterRollbackProcessor<String, SpecificRecord> afterRollbackProcessor, PaperCancellations cancellations,
            boolean batch) {
        ConcurrentKafkaListenerContainerFactory<String, SpecificRecord> factory =
                new ConcurrentKafkaListenerContainerFactory<>();
        factory.setConsumerFactory(consumerFactory);
        factory.getContainerProperties().setKafkaAwareTransactionManager(transactionManager);
        factory.getContainerProperties().setObservationEnabled(true);
        factory.getContainerProperties().setObservationConvention(new ListenerIdConvention());
        if (batch) {
            factory.setBatchInterceptor(new ConsumerIdleClock<>());
        } else {
            factory.setRecordInterceptor(new CompositeRecordInterceptor<>(new PaperLogContext<>(),
                    new ConsumerIdleClock<>()));
        }
        factory.setAfterRollbackProcessor(afterRollbackProcessor);
        // every listener checks the cancel markers before it works on a paper; a skipped record still commits
        factory.setRecordFilterStrategy(new CancelledPaperFilter<>(cancellations));
        factory.setAckDiscarded(true);
        factory.setBatchListener(batch);
        return factory;
    }
}
