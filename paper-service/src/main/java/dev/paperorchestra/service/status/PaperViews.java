package dev.paperorchestra.service.status;

import dev.paperorchestra.runtime.streams.KafkaStreamsService;
import dev.paperorchestra.schemas.state.PaperViewState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.jspecify.annotations.Nullable;

/** Reads the status view of this replica (the global store of paper-views). */
public class PaperViews {

    /** One page of papers, newest first, and how many match in all. */
    public record Page(List<PaperViewState> papers, int page, int size, long total) {
    }

    private static final Duration POLL = Duration.ofMillis(50);

    private final KafkaStreamsService streams;

    public PaperViews(KafkaStreamsService streams) {
        this.streams = streams;
    }

    public Optional<PaperViewState> find(String paperId) {
        return Optional.ofNullable(store().get(paperId));
    }

    public Page list(@Nullable PaperState state, int page, int size) {
        return list(state, page, size, view -> true);
    }

    /** @param visible which papers may be listed at all (a caller's tenant's); the others are not counted either */
    public Page list(@Nullable PaperState state, int page, int size, Predicate<PaperViewState> visible) {
        List<PaperViewState> matching = new ArrayList<>();
        try (KeyValueIterator<String, PaperViewState> all = store().all()) {
            while (all.hasNext()) {
                KeyValue<String, PaperViewState> next = all.next();
                if ((state == null || next.value.getState().equals(state.name())) && visible.test(next.value)) {
                    matching.add(next.value);
                }
            }
        }
        matching.sort(Comparator.comparing((PaperViewState view) -> view.getSubmittedAt() == null ? Instant.EPOCH
                : view.getSubmittedAt()).reversed().thenComparing(PaperViewState::getPaperId));
        int from = Math.min(matching.size(), page * size);
        int to = Math.min(matching.size(), from + size);
        return new Page(List.copyOf(matching.subList(from, to)), page, size, matching.size());
    }

    /**
     * Waits, at most {@code timeout}, until the paper's view satisfies the condition, so a client that has just
     * submitted or cancelled reads its own write. Returns the view as it is at the end either way.
     */
    public Optional<PaperViewState> await(String paperId, Predicate<PaperViewState> condition, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Optional<PaperViewState> view = find(paperId);
        while (view.filter(condition).isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(POLL);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            view = find(paperId);
        }
        return view;
    }

    private ReadOnlyKeyValueStore<String, PaperViewState> store() {
        return streams.store(StoreQueryParameters.fromNameAndType(PaperViewTopology.STORE,
                QueryableStoreTypes.keyValueStore()));
    }
}
