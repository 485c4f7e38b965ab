package dev.paperorchestra.runtime.metrics;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import org.springframework.kafka.support.micrometer.KafkaListenerObservation;
import org.springframework.kafka.support.micrometer.KafkaRecordReceiverContext;

/**
 * spring-kafka's listener observation tagged with the listener id a developer wrote
 * ({@code outline-agent.paper-requests}) rather than the id of the consumer thread that ran it
 * ({@code outline-agent.paper-requests-0}): a concurrent container numbers its threads, and a series per
 * thread would split every panel and alert by an accident of concurrency.
 */
public final class ListenerIdConvention extends KafkaListenerObservation.DefaultKafkaListenerObservationConvention {

    private static final String LISTENER_ID = KafkaListenerObservation.ListenerLowCardinalityTags.LISTENER_ID
            .asString();

    @Override
    public KeyValues getLowCardinalityKeyValues(KafkaRecordReceiverContext context) {
        return super.getLowCardinalityKeyValues(context)
                .and(KeyValue.of(LISTENER_ID, withoutThreadSuffix(context.getListenerId())));
    }

    /** {@code a.b-0} is {@code a.b}; ids without a numeric suffix are kept. */
    static String withoutThreadSuffix(String listenerId) {
        return listenerId.replaceFirst("-\\d+$", "");
    }
}
