package dev.paperorchestra.runtime.streams;

import dev.paperorchestra.schemas.topics.Topic;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;

/**
 * What an aggregation decides for one incoming event: the paper's next state (null: the paper is done here
 * and its state is removed) and the events to emit, each to the topic it names.
 */
public record Step<S>(@Nullable S nextState, List<Output<?>> outputs) {

    public Step {
        outputs = List.copyOf(outputs);
    }

    /** An event to emit to a topic under a key: {@code Step.Output.of(Topics.FIGURES_READY, paperId, ready)}. */
    public record Output<V extends SpecificRecord>(Topic<V> topic, String key, V event) {

        public Output {
            // the type parameter guarantees this at compile time; a raw or unchecked caller is stopped here
            if (!topic.valueType().isInstance(event)) {
                throw new IllegalArgumentException(event.getClass().getSimpleName() + " does not belong on "
                        + topic.name() + ", which carries " + topic.valueType().getSimpleName());
            }
        }

        public static <V extends SpecificRecord> Output<V> of(Topic<V> topic, String key, V event) {
            return new Output<>(topic, key, event);
        }
    }

    public static <S> Step<S> keep(S state, Output<?>... outputs) {
        return new Step<>(state, List.of(outputs));
    }

    public static <S> Step<S> finish(Output<?>... outputs) {
        return new Step<>(null, List.of(outputs));
    }

    public static <S> Step<S> finish(List<Output<?>> outputs) {
        return new Step<>(null, outputs);
    }

    public static <S> Step<S> keep(S state, List<Output<?>> outputs) {
        return new Step<>(state, outputs);
    }
}
