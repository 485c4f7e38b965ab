package dev.paperorchestra.runtime.streams;

import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;

/**
 * What an aggregation decides for one incoming event: the paper's next state (null: the paper is done here
 * and its state is removed) and the events to emit, each to the topic the catalog assigns to its type.
 */
public record Step<S>(@Nullable S nextState, List<Output> outputs) {

    public Step {
        outputs = List.copyOf(outputs);
    }

    /** An event to emit under a key. */
    public record Output(String key, SpecificRecord event) {
    }

    public static <S> Step<S> keep(S state, Output... outputs) {
        return new Step<>(state, List.of(outputs));
    }

    public static <S> Step<S> finish(Output... outputs) {
        return new Step<>(null, List.of(outputs));
    }

    public static <S> Step<S> finish(List<Output> outputs) {
        return new Step<>(null, outputs);
    }

    public static <S> Step<S> keep(S state, List<Output> outputs) {
        return new Step<>(state, outputs);
    }
}
