package dev.paperorchestra.runtime.streams;

import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;

/**
 * The domain half of a stateful step (collect all search answers, gather all figures, join literature and
 * figures): plain Java, testable without a broker. The Kafka half is {@link PaperAggregationTopology}.
 *
 * @param <S> the per-paper state kept in a changelog-backed store
 */
@FunctionalInterface
public interface PaperAggregation<S extends SpecificRecord> {

    /**
     * Applies one event of a paper to its state.
     *
     * @param state the paper's state, null before its first event
     * @param event an event from one of the aggregation's source topics
     */
    Step<S> apply(@Nullable S state, SpecificRecord event);
}
