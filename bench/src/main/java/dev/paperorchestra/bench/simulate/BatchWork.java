package dev.paperorchestra.bench.simulate;

import java.time.Instant;
import java.time.InstantSource;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the OpenAI and Anthropic batch endpoints share: the settings, the clock batches end by, the path that
 * answers and bills an item (the synchronous calls' own), and the counts.
 */
final class BatchWork {

    /** Answers one item as a synchronous call of the same provider would be answered, billed and recorded. */
    @FunctionalInterface
    interface Answerer {
        ObjectNode answer(JsonNode request, boolean anthropic);
    }

    private final BatchSettings settings;
    private final double timeFactor;
    private final long seed;
    private final InstantSource clock;
    private final Answerer answerer;
    private final AtomicLong ids = new AtomicLong();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong expired = new AtomicLong();
    private final AtomicLong filesDeleted = new AtomicLong();
    private final List<ScriptedBatch> batches = new CopyOnWriteArrayList<>();
    private volatile boolean holdAcceptedReplies;
    private final AtomicLong heldReplies = new AtomicLong();
    private final CountDownLatch released = new CountDownLatch(1);

    BatchWork(BatchSettings settings, double timeFactor, long seed, InstantSource clock, Answerer answerer) {
        this.settings = settings;
        this.timeFactor = timeFactor;
        this.seed = seed;
        this.clock = clock;
        this.answerer = answerer;
    }

    Instant now() {
        return clock.instant();
    }

    /** A new id with the provider's prefix ({@code batch_}, {@code file-}, {@code msgbatch_}...). */
    String id(String prefix) {
        return prefix + HexFormat.of().toHexDigits(seed) + HexFormat.of().toHexDigits(ids.incrementAndGet());
    }

    /** Accepts a batch: it ends after the compressed delay. */
    ScriptedBatch accept(String id, List<ScriptedBatch.Item> items, boolean anthropic) {
        accepted.incrementAndGet();
        Instant created = now();
        ScriptedBatch batch = new ScriptedBatch(id, items, anthropic, created,
                created.plus(settings.compressedDelay(timeFactor)), this);
        batches.add(batch);
        return batch;
    }

    /**
     * From now on the reply to a request that created a batch is held (the batch is accepted and works off as
     * usual) until {@link #releaseHeldReplies}: the provider has the batch and the caller has not heard of it, a
     * test's kill point between a provider accepting a batch and the caller journaling it.
     */
    void holdAcceptedReplies() {
        holdAcceptedReplies = true;
    }

    /** Lets every held reply go, and replies are no longer held. */
    void releaseHeldReplies() {
        holdAcceptedReplies = false;
        released.countDown();
    }

    /** Replies to batch creations held so far. */
    long heldReplies() {
        return heldReplies.get();
    }

    /** Called between accepting a batch and replying: waits while replies are held. */
    void beforeAcceptedReply() {
        if (!holdAcceptedReplies) {
            return;
        }
        heldReplies.incrementAndGet();
        try {
            released.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** What happens to one item when its batch ends; counted here. */
    ScriptedBatch.Outcome end(ScriptedBatch.Item item, boolean anthropic) {
        if (settings.expire()) {
            expired.incrementAndGet();
            return new ScriptedBatch.Expired();
        }
        if (settings.fails(item.customId(), seed)) {
            failed.incrementAndGet();
            return new ScriptedBatch.Failed("The stand-in failed this item on purpose (--batch-failures).");
        }
        ObjectNode body = answerer.answer(item.request(), anthropic);
        answered.incrementAndGet();
        return new ScriptedBatch.Answered(body);
    }

    boolean expires() {
        return settings.expire();
    }

    /**
     * Works off every batch past its end that nobody has asked about since: a provider answers and bills a batch
     * when it ends, whether or not anyone reads it, so a caller that lost track of a batch (restarted without its
     * journal) and sends the same requests again pays twice, and the ledger shows it.
     */
    void settle() {
        batches.forEach(ScriptedBatch::outcomes);
    }

    /** Batches in progress that a caller has polled at least once (see {@link ScriptedBatch#waitedFor()}). */
    long waitedFor() {
        return batches.stream().filter(ScriptedBatch::waitedFor).count();
    }

    /** Batches accepted. */
    long accepted() {
        return accepted.get();
    }

    /** Batch items answered (each a paid call, at the batch price). */
    long answered() {
        return answered.get();
    }

    /** Batch items failed on purpose. */
    long failed() {
        return failed.get();
    }

    /** Batch items that came back expired. */
    long expired() {
        return expired.get();
    }

    void fileDeleted() {
        filesDeleted.incrementAndGet();
    }

    /** Uploaded and written files the caller deleted (OpenAI's Files API). */
    long filesDeleted() {
        return filesDeleted.get();
    }
}
