package dev.paperorchestra.gateway.batch;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.gateway.provider.ProviderAnswer;
import dev.paperorchestra.gateway.provider.ProviderCall;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gathers an agent's calls that can wait into batches, one endpoint at a time, sends each batch when it is full or
 * its gather window has passed, polls the sent batches, and hands each answer to the {@link AnswerFiler} (the
 * gateway, which files it in the response cache under its key and records its usage at the batch price) before
 * the waiting call gets it. A call whose key is already in a batch, sent by this process or by the one before a
 * restart (the {@link BatchJournal}), waits for that batch instead of joining another: a call is never sent twice.
 * Each batch is journaled as an intent under a local id before it is sent, and the provider is given that id where
 * it keeps one (OpenAI's metadata, Gemini's display name): a restart after the provider accepted a batch and
 * before the journal had its id finds the batch by the local id and polls it; where the provider cannot be asked
 * (Anthropic), the intent is given up and its calls are sent again.
 * An item the provider fails, or that a batch ends without, comes back as {@link Failed}, for the caller to make
 * synchronously.
 * <p>
 * One timer thread sends and polls; the callers only wait on their future.
 */
public final class BatchCoordinator implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BatchCoordinator.class);
    /** Sends refused as retriable in a row before the gathered calls are given back to be made synchronously. */
    static final int MAX_SEND_ATTEMPTS = 5;
    private static final int RECENT_OUTCOMES = 10_000;

    /** How a waiting call ends. */
    public sealed interface Outcome permits Answered, Failed {
    }

    /** The provider answered; the answer is filed already. */
    public record Answered(ProviderAnswer answer) implements Outcome {
    }

    /** The provider did not answer this call in its batch; the caller makes it synchronously. */
    public record Failed(String reason) implements Outcome {
    }

    /** Takes a batch answer before its caller does: files it in the response cache and records its usage. */
    @FunctionalInterface
    public interface AnswerFiler {
        void file(SentBatch.Item item, ProviderEndpoint endpoint, ProviderAnswer answer);
    }

    /**
     * A batch sent and not ended, or calls gathered and not yet sent (no id yet), for progress.
     *
     * @param batchId     the provider's id, or "gathering" for calls not yet sent
     * @param endpoint    where it goes
     * @param papers      the papers with a call in it
     * @param calls       how many calls it holds
     * @param since       when it was sent (or its first call joined)
     * @param expiresAt   the end of the provider's completion window, when it said
     * @param status      the provider's word for its state at the last poll
     */
    public record Waiting(String batchId, ProviderEndpoint endpoint, List<String> papers, int calls, Instant since,
            @Nullable Instant expiresAt, String status) {
    }

    private final Map<ProviderEndpoint, BatchApi> apis;
    private final BatchJournal journal;
    private final AnswerFiler filer;
    private final BatchNotices notices;
    private final LlmProperties.Batch settings;
    private final Clock clock;
    private final ScheduledExecutorService timer;
    private final Object lock = new Object();
    /** Every call gathered or in a sent batch, by custom id, until its outcome is known. */
    private final Map<String, CompletableFuture<Outcome>> outcomes = new HashMap<>();
    private final Map<ProviderEndpoint, Gathering> gathering = new HashMap<>();
    private final Map<String, Sent> sent = new LinkedHashMap<>();
    private final Map<String, Long> reservedTokens = new HashMap<>();
    /**
     * Outcomes given out lately, by custom id: a call that missed the response cache just before its batch ended
     * finds its answer here rather than joining a new batch.
     */
    private final Map<String, Outcome> recent = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Outcome> eldest) {
            return size() > RECENT_OUTCOMES;
        }
    };

    /**
     * Starts the timer and resumes polling the batches the journal holds open.
     *
     * @param apis the batch API of every endpoint that has one
     */
    public BatchCoordinator(Map<ProviderEndpoint, BatchApi> apis, BatchJournal journal, AnswerFiler filer,
            BatchNotices notices, LlmProperties.Batch settings, Clock clock, String agent) {
        this.apis = Map.copyOf(apis);
        this.journal = journal;
        this.filer = filer;
        this.notices = notices;
        this.settings = settings;
        this.clock = clock;
        this.timer = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon()
                .name(agent + "-batches").factory());
        for (SentBatch batch : journal.open()) {
            resume(batch);
        }
        for (BatchIntent intent : journal.intents()) {
            adopt(intent);
        }
        long poll = settings.pollInterval().toMillis();
        timer.scheduleWithFixedDelay(this::pollSent, poll, poll, TimeUnit.MILLISECONDS);
    }

    /** True when calls to this endpoint can go through a batch. */
    public boolean batches(ProviderEndpoint endpoint) {
        return apis.containsKey(endpoint);
    }

    /**
     * Adds a call to the next batch of its endpoint, or finds it in a batch already gathered or sent.
     *
     * @return completes with the call's outcome; exceptionally with a {@link RetriableException} when this
     *         process stops before the batch ends (the stage is then redelivered and finds the batch again)
     */
    public CompletableFuture<Outcome> join(ProviderEndpoint endpoint, SentBatch.Item item, ProviderCall call) {
        if (!batches(endpoint)) {
            throw new IllegalArgumentException(endpoint + " has no batch API");
        }
        synchronized (lock) {
            CompletableFuture<Outcome> known = outcomes.get(item.customId());
            if (known != null) {
                return known;
            }
            Outcome given = recent.get(item.customId());
            if (given != null) {
                return CompletableFuture.completedFuture(given);
            }
            CompletableFuture<Outcome> outcome = new CompletableFuture<>();
            outcomes.put(item.customId(), outcome);
            reservedTokens.merge(item.paperId(), item.estimatedTokens(), Long::sum);
            Gathering calls = gathering.computeIfAbsent(endpoint, e -> new Gathering(clock.instant()));
            calls.add(new Pending(item, call));
            if (calls.size() >= settings.maxItems()) {
                timer.execute(() -> send(endpoint));
            } else if (calls.size() == 1) {
                timer.schedule(() -> send(endpoint), settings.gatherWindow().toMillis(), TimeUnit.MILLISECONDS);
            }
            return outcome;
        }
    }

    /** Input tokens of the paper's calls that wait in a batch: spent as far as its budget is concerned. */
    public long reservedTokens(String paperId) {
        synchronized (lock) {
            return reservedTokens.getOrDefault(paperId, 0L);
        }
    }

    /** The batches waiting now, the oldest first. */
    public List<Waiting> waiting() {
        List<Waiting> all = new ArrayList<>();
        synchronized (lock) {
            gathering.forEach((endpoint, calls) -> all.add(new Waiting("gathering", endpoint, calls.papers(),
                    calls.size(), calls.since, null, "gathering")));
            sent.values().forEach(batch -> all.add(new Waiting(batch.batch.batchId(), batch.batch.endpoint(),
                    batch.batch.items().stream().map(SentBatch.Item::paperId).distinct().toList(),
                    batch.batch.items().size(), batch.batch.submittedAt(), batch.batch.expiresAt(), batch.status)));
        }
        all.sort(Comparator.comparing(Waiting::since));
        return all;
    }

    private void resume(SentBatch batch) {
        if (!batches(batch.endpoint())) {
            log.warn("batch {} was sent to {}, which is no longer configured with a batch API; its calls will be "
                    + "made again when their stages run", batch.batchId(), batch.endpoint());
            return;
        }
        synchronized (lock) {
            sent.put(batch.batchId(), new Sent(batch, "resumed"));
            for (SentBatch.Item item : batch.items()) {
                outcomes.putIfAbsent(item.customId(), new CompletableFuture<>());
                reservedTokens.merge(item.paperId(), item.estimatedTokens(), Long::sum);
            }
        }
        log.info("batch {} ({} call(s) to {}) sent before this process started: polling it again", batch.batchId(),
                batch.items().size(), batch.endpoint());
    }

    /**
     * A batch the process before was about to send when it stopped: found again at the provider by its local id and
     * polled, or, when the provider has no such batch or cannot look (Anthropic: {@link BatchApi#find}),
     * given up, so its calls are sent again when their stages run. Done before the timer starts, so a stage that
     * runs again finds the adopted batch rather than joining a new one.
     */
    private void adopt(BatchIntent intent) {
        BatchApi api = apis.get(intent.endpoint());
        if (api == null) {
            log.warn("batch {} was about to be sent to {}, which is no longer configured with a batch API; its calls "
                    + "will be made again when their stages run", intent.localId(), intent.endpoint());
            return;
        }
        Optional<SubmittedBatch> found;
        try {
            found = api.find(intent.localId(), intent.createdAt());
        } catch (RuntimeException e) {
            log.warn("batch {} ({} call(s) to {}) could not be looked for: {}", intent.localId(),
                    intent.items().size(), intent.endpoint(), e.getMessage());
            found = Optional.empty();
        }
        if (found.isEmpty()) {
            log.info("batch {} ({} call(s) to {}) was about to be sent when the process before stopped and the "
                    + "provider has no batch with its id: its calls are sent again when their stages run",
                    intent.localId(), intent.items().size(), intent.endpoint());
            try {
                journal.abandoned(intent);
            } catch (RuntimeException e) {
                log.warn("batch {}: the intent could not be journaled as given up: {}", intent.localId(),
                        e.getMessage());
            }
            return;
        }
        SentBatch batch = intent.sent(found.get(), intent.createdAt());
        try {
            journal.submitted(batch);
        } catch (RuntimeException e) {
            log.warn("batch {} found again as {} but not journaled: {}", intent.localId(), batch.batchId(),
                    e.getMessage());
        }
        log.info("batch {} was sent by the process before as {} without being journaled: adopted", batch.batchId(),
                intent.localId());
        resume(batch);
    }

    private void send(ProviderEndpoint endpoint) {
        Gathering calls;
        synchronized (lock) {
            calls = gathering.remove(endpoint);
        }
        if (calls == null || calls.size() == 0) {
            return;
        }
        BatchIntent intent = new BatchIntent("po-" + UUID.randomUUID(), endpoint, clock.instant(),
                calls.pending.stream().map(Pending::item).toList());
        boolean intended = true;
        try {
            journal.submitting(intent);
        } catch (RuntimeException e) {
            // sent all the same: only a restart before the batch is journaled would send its calls again
            intended = false;
            log.warn("batch {} is sent without its intent journaled: {}", intent.localId(), e.getMessage());
        }
        SubmittedBatch accepted;
        try {
            accepted = apis.get(endpoint).submit(intent.localId(), calls.pending.stream()
                    .map(pending -> new BatchItem(pending.item().customId(), pending.call())).toList());
        } catch (RuntimeException e) {
            Optional<SubmittedBatch> acceptedAllTheSame = e instanceof RetriableException
                    ? acceptedAllTheSame(intent, e) : Optional.empty();
            if (acceptedAllTheSame.isPresent()) {
                accepted = acceptedAllTheSame.get();
            } else {
                if (intended) {
                    abandon(intent);
                }
                if (e instanceof RetriableException retriable) {
                    retryLater(endpoint, calls, retriable);
                    return;
                }
                log.warn("a batch of {} call(s) to {} was refused; they are made synchronously: {}", calls.size(),
                        endpoint, e.getMessage());
                calls.pending.forEach(pending -> resolve(pending.item(),
                        new Failed("the batch was refused: " + e.getMessage())));
                return;
            }
        }
        SentBatch batch = intent.sent(accepted, clock.instant());
        synchronized (lock) {
            sent.put(batch.batchId(), new Sent(batch, "sent"));
        }
        try {
            journal.submitted(batch);
        } catch (RuntimeException e) {
            // still polled by this process; a restart before it ends finds it by its intent where the provider
            // can look (OpenAI, Gemini), and sends its calls again where it cannot (Anthropic)
            log.warn("batch {} is sent but could not be journaled: {}", batch.batchId(), e.getMessage());
        }
        log.info("batch {} sent to {}: {} call(s) of {} paper(s)", batch.batchId(), endpoint, calls.size(),
                calls.papers().size());
        String message = "a model call waits in batch " + batch.batchId() + " at " + endpoint.providerName() + " "
                + endpoint.model() + " (" + calls.size() + " call(s) of " + calls.papers().size() + " paper(s), sent "
                + batch.submittedAt() + (batch.expiresAt() == null ? "" : "; the provider answers by "
                + batch.expiresAt()) + ")";
        for (String paperId : calls.papers()) {
            try {
                notices.waiting(paperId, message);
            } catch (RuntimeException e) {
                log.debug("paper {}: the batch notice was not written: {}", paperId, e.toString());
            }
        }
    }

    /**
     * A send that timed out or broke off may have reached the provider all the same: where it can be found by its
     * local id it is taken as accepted, rather than sent again as a new batch and paid twice.
     */
    private Optional<SubmittedBatch> acceptedAllTheSame(BatchIntent intent, RuntimeException failure) {
        try {
            Optional<SubmittedBatch> found = apis.get(intent.endpoint()).find(intent.localId(), intent.createdAt());
            found.ifPresent(batch -> log.info("batch {} failed to send ({}) but was accepted as {}", intent.localId(),
                    failure.getMessage(), batch.batchId()));
            return found;
        } catch (RuntimeException e) {
            log.debug("batch {}: not looked for after a failed send: {}", intent.localId(), e.getMessage());
            return Optional.empty();
        }
    }

    private void abandon(BatchIntent intent) {
        try {
            journal.abandoned(intent);
        } catch (RuntimeException e) {
            log.warn("batch {}: the intent of a batch not sent could not be journaled as given up: {}",
                    intent.localId(), e.getMessage());
        }
    }

    private void retryLater(ProviderEndpoint endpoint, Gathering calls, RetriableException e) {
        calls.attempts++;
        if (calls.attempts >= MAX_SEND_ATTEMPTS) {
            log.warn("a batch of {} call(s) to {} could not be sent in {} attempts; they are made synchronously: {}",
                    calls.size(), endpoint, calls.attempts, e.getMessage());
            calls.pending.forEach(pending -> resolve(pending.item(), new Failed("the batch could not be sent: "
                    + e.getMessage())));
            return;
        }
        synchronized (lock) {
            Gathering later = gathering.get(endpoint);
            if (later != null) {
                calls.pending.addAll(later.pending);
            }
            gathering.put(endpoint, calls);
        }
        log.info("sending a batch of {} call(s) to {} failed ({}); trying again in {}", calls.size(), endpoint,
                e.getMessage(), settings.pollInterval());
        timer.schedule(() -> send(endpoint), settings.pollInterval().toMillis(), TimeUnit.MILLISECONDS);
    }

    private void pollSent() {
        List<Sent> batches;
        synchronized (lock) {
            batches = List.copyOf(sent.values());
        }
        for (Sent batch : batches) {
            try {
                BatchPoll poll = apis.get(batch.batch.endpoint()).poll(batch.batch.batchId(),
                        batch.batch.items().stream().map(SentBatch.Item::customId).toList());
                batch.status = poll.status();
                if (poll.ended()) {
                    end(batch.batch, poll);
                }
            } catch (RetriableException e) {
                log.debug("batch {}: poll failed, asking again later: {}", batch.batch.batchId(), e.getMessage());
            } catch (PermanentException e) {
                log.warn("batch {} cannot be read; its calls are made synchronously: {}", batch.batch.batchId(),
                        e.getMessage());
                end(batch.batch, new BatchPoll(true, Map.of(), Map.of(), "unreadable: " + e.getMessage()));
            } catch (RuntimeException e) {
                log.warn("batch {}: poll failed: {}", batch.batch.batchId(), e.toString());
            }
        }
    }

    private void end(SentBatch batch, BatchPoll poll) {
        int answered = 0;
        for (SentBatch.Item item : batch.items()) {
            ProviderAnswer answer = poll.answers().get(item.customId());
            Outcome outcome;
            if (answer == null) {
                outcome = new Failed(poll.failures().getOrDefault(item.customId(),
                        "not answered before the batch ended (" + poll.status() + ")"));
            } else {
                try {
                    filer.file(item, batch.endpoint(), answer);
                    outcome = new Answered(answer);
                    answered++;
                } catch (RuntimeException e) {
                    outcome = new Failed("the answer could not be filed: " + e.getMessage());
                }
            }
            resolve(item, outcome);
        }
        synchronized (lock) {
            sent.remove(batch.batchId());
        }
        boolean journaled = false;
        try {
            journal.ended(batch);
            journaled = true;
        } catch (RuntimeException e) {
            // answers are filed: after a restart the batch is read again and its answers found filed
            log.warn("batch {} ended but could not be journaled as ended: {}", batch.batchId(), e.getMessage());
        }
        if (journaled) {
            release(batch);
        }
        log.info("batch {} ended ({}): {} of {} call(s) answered", batch.batchId(), poll.status(), answered,
                batch.items().size());
    }

    /** Only once the journal says ended: a restart that reads the batch again would find its results gone. */
    private void release(SentBatch batch) {
        try {
            apis.get(batch.endpoint()).release(batch.batchId());
        } catch (RuntimeException e) {
            log.warn("batch {}: what the provider keeps of it could not be freed: {}", batch.batchId(),
                    e.getMessage());
        }
    }

    private void resolve(SentBatch.Item item, Outcome outcome) {
        CompletableFuture<Outcome> waiting;
        synchronized (lock) {
            waiting = outcomes.remove(item.customId());
            recent.put(item.customId(), outcome);
            reservedTokens.computeIfPresent(item.paperId(), (paper, tokens) ->
                    tokens - item.estimatedTokens() > 0 ? tokens - item.estimatedTokens() : null);
        }
        if (waiting != null) {
            waiting.complete(outcome);
        }
    }

    /** Stops polling; calls still waiting end retriably, so their stages run again and find their batch then. */
    @Override
    public void close() {
        timer.shutdownNow();
        List<CompletableFuture<Outcome>> left;
        synchronized (lock) {
            left = List.copyOf(outcomes.values());
            outcomes.clear();
        }
        left.forEach(outcome -> outcome.completeExceptionally(new RetriableException(
                "the agent stopped while the call waited for its batch; it is found again after the restart")));
    }

    /** How long a waiting call waits at most, per {@code po.llm.batch.max-wait}. */
    public Duration maxWait() {
        return settings.maxWait();
    }

    private record Pending(SentBatch.Item item, ProviderCall call) {
    }

    /** Calls gathered for one endpoint and not yet sent. */
    private static final class Gathering {
        final List<Pending> pending = new ArrayList<>();
        final Instant since;
        int attempts;

        Gathering(Instant since) {
            this.since = since;
        }

        void add(Pending call) {
            pending.add(call);
        }

        int size() {
            return pending.size();
        }

        List<String> papers() {
            return pending.stream().map(call -> call.item().paperId()).distinct().toList();
        }
    }

    /** A sent batch and the provider's word for its state at the last poll. */
    private static final class Sent {
        final SentBatch batch;
        volatile String status;

        Sent(SentBatch batch, String status) {
            this.batch = batch;
            this.status = status;
        }
    }
}
