package dev.paperorchestra.bench.simulate;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One accepted batch, in either provider's format. It is worked off once, at the first look at or after its end
 * ({@link #outcomes()}): however often a caller polls or reads the results, each item is answered and billed once.
 */
final class ScriptedBatch {

    /** One request of the batch, as the synchronous endpoint would receive it. */
    record Item(String customId, JsonNode request) {
    }

    /** What became of an item. */
    sealed interface Outcome permits Answered, Failed, Expired {
    }

    /** Answered: the synchronous endpoint's body, billed. */
    record Answered(ObjectNode body) implements Outcome {
    }

    /** Failed on purpose, with the reason the provider's error would give. */
    record Failed(String message) implements Outcome {
    }

    /** Not answered before the batch expired. */
    record Expired() implements Outcome {
    }

    private final String id;
    private final List<Item> items;
    private final boolean anthropic;
    private final Instant created;
    private final Instant ends;
    private final BatchWork work;
    private @Nullable Map<String, Outcome> outcomes;
    private @Nullable Instant ended;
    private int looksInProgress;

    ScriptedBatch(String id, List<Item> items, boolean anthropic, Instant created, Instant ends, BatchWork work) {
        this.id = id;
        this.items = List.copyOf(items);
        this.anthropic = anthropic;
        this.created = created;
        this.ends = ends;
        this.work = work;
    }

    String id() {
        return id;
    }

    int size() {
        return items.size();
    }

    Instant created() {
        return created;
    }

    /** When the provider would give up: the 24-hour window, or the end when this server lets batches expire. */
    Instant expiresAt() {
        return work.expires() ? ends : created.plus(Duration.ofHours(24));
    }

    /** When it ended, or null while it is in progress. */
    synchronized @Nullable Instant ended() {
        outcomes();
        return ended;
    }

    /**
     * Every item's outcome by custom id in the order sent, or null while the batch is in progress. The first call
     * at or after the end answers the items; later calls return the same outcomes.
     */
    synchronized @Nullable Map<String, Outcome> outcomes() {
        if (outcomes == null && !work.now().isBefore(ends)) {
            Map<String, Outcome> done = new LinkedHashMap<>();
            items.forEach(item -> done.put(item.customId(), work.end(item, anthropic)));
            outcomes = Collections.unmodifiableMap(done);
            ended = work.now();
        }
        return outcomes;
    }

    /** A caller polled the batch by its id (a {@code GET}); counted while the batch is in progress. */
    synchronized void polled() {
        if (outcomes() == null) {
            looksInProgress++;
        }
    }

    /**
     * Polled while still in progress, by a caller that knows its id (so has recorded it), and not yet ended: a
     * batch a caller waits for.
     */
    synchronized boolean waitedFor() {
        return outcomes == null && looksInProgress > 0;
    }

    /** Items of the ended batch with this kind of outcome; 0 while in progress. */
    synchronized long count(Class<? extends Outcome> kind) {
        Map<String, Outcome> now = outcomes();
        return now == null ? 0 : now.values().stream().filter(kind::isInstance).count();
    }
}
