package dev.paperorchestra.gateway.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.http.Sleeper;
import dev.paperorchestra.gateway.KeyedStore;
import dev.paperorchestra.gateway.LlmBudgetExceededException;
import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.gateway.LlmProperties.CacheMode;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.batch.BatchApi;
import dev.paperorchestra.gateway.batch.BatchIntent;
import dev.paperorchestra.gateway.batch.BatchItem;
import dev.paperorchestra.gateway.batch.BatchJournal;
import dev.paperorchestra.gateway.batch.BatchPoll;
import dev.paperorchestra.gateway.batch.SentBatch;
import dev.paperorchestra.gateway.batch.SubmittedBatch;
import dev.paperorchestra.gateway.provider.ChatProvider;
import dev.paperorchestra.gateway.provider.ProviderAnswer;
import dev.paperorchestra.gateway.provider.ProviderCall;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import dev.paperorchestra.gateway.usage.InMemoryUsageLedger;
import dev.paperorchestra.gateway.usage.LlmMetrics;
import dev.paperorchestra.gateway.usage.LlmUsage;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Calls that can wait go through the provider's batch API: gathered across papers into one batch, answered at the
 * batch price, filed in the response cache so a re-run pays nothing, failed items made synchronously and counted,
 * and a batch sent before a restart found again rather than sent twice.
 */
class BatchedCallsTest {

    private static final ProviderEndpoint ENDPOINT = new ProviderEndpoint(ProviderKind.OPENAI, "gpt-test",
            "http://127.0.0.1:1/v1");
    private static final RoleBinding WRITER = new RoleBinding(LlmRole.PLANNER, ProviderKind.OPENAI, "gpt-test",
            "http://127.0.0.1:1/v1", "key", null);

    private final KeyedStore blobs = new MemoryStore();
    private final InMemoryUsageLedger ledger = new InMemoryUsageLedger();
    private final ScriptedBatches provider = new ScriptedBatches();
    private final SyncProvider sync = new SyncProvider();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final List<DefaultLlmGateway> gateways = new ArrayList<>();
    private final ExecutorService stages = Executors.newFixedThreadPool(4);
    private final List<String> notices = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        gateways.forEach(DefaultLlmGateway::close);
        stages.shutdownNow();
    }

    @Test
    void calls_of_several_papers_share_one_batch_and_are_billed_at_the_batch_price() throws Exception {
        DefaultLlmGateway gateway = gateway(batch(3, Duration.ofMinutes(5)), BatchJournal.inMemory());

        List<Future<LlmResponse>> answers = List.of(call(gateway, "paper-a", "outline a"),
                call(gateway, "paper-b", "outline b"), call(gateway, "paper-c", "outline c"));
        await().until(() -> provider.submitted.size() == 1);
        provider.endAll();

        assertThat(answers.get(1).get().text()).isEqualTo("answer to outline b");
        assertThat(provider.submitted.getFirst()).hasSize(3);
        assertThat(notices).as("each paper is told its call waits, in which batch").hasSize(3)
                .allMatch(notice -> notice.contains("batch batch_1 at openai gpt-test (3 call(s) of 3 paper(s)"));
        assertThat(sync.calls).as("nothing synchronous").hasValue(0);
        LlmUsage usage = ledger.usage("paper-b").calls().getFirst();
        assertThat(usage.batch()).isTrue();
        assertThat(usage.costUsd()).as("half the synchronous price of 1,000 in and 100 out at $1/$2 per million")
                .isCloseTo((1_000 * 1.0 + 100 * 2.0) / 1_000_000 * 0.5, org.assertj.core.data.Offset.offset(1e-12));

        LlmResponse again = call(gateway, "paper-b", "outline b").get();
        assertThat(again.cached()).as("a re-run finds the answer filed").isTrue();
        assertThat(provider.items()).isEqualTo(3);
    }

    @Test
    void a_batch_answers_cache_writes_are_filed_and_priced_at_the_cache_write_price() throws Exception {
        DefaultLlmGateway gateway = gateway(batch(1, Duration.ofMinutes(5)), BatchJournal.inMemory());
        provider.cacheWrites.put("outline w", 400L);

        Future<LlmResponse> answer = call(gateway, "paper-w", "outline w");
        await().until(() -> provider.submitted.size() == 1);
        provider.endAll();
        answer.get();

        LlmUsage usage = ledger.usage("paper-w").calls().getFirst();
        assertThat(usage.cacheWriteInputTokens()).isEqualTo(400);
        assertThat(usage.costUsd()).as("600 fresh at $1, 400 written at $1.25, 100 out at $2, at half price")
                .isCloseTo((600 * 1.0 + 400 * 1.25 + 100 * 2.0) / 1_000_000 * 0.5,
                        org.assertj.core.data.Offset.offset(1e-12));
        assertThat(new ResponseCache(blobs, CacheMode.READ_WRITE)
                .lookup(provider.submitted.getFirst().getFirst().customId()))
                .as("the response cache entry keeps the split").hasValueSatisfying(filed -> {
                    assertThat(filed.cacheWriteInputTokens()).isEqualTo(400);
                    assertThat(filed.inputTokens()).isEqualTo(1_000);
                });
    }

    @Test
    void an_item_the_batch_failed_is_made_synchronously_and_counted() throws Exception {
        DefaultLlmGateway gateway = gateway(batch(2, Duration.ofMinutes(5)), BatchJournal.inMemory());
        provider.failing.add("outline bad");

        Future<LlmResponse> good = call(gateway, "paper-a", "outline good");
        Future<LlmResponse> bad = call(gateway, "paper-b", "outline bad");
        await().until(() -> provider.submitted.size() == 1);
        provider.endAll();

        assertThat(good.get().text()).isEqualTo("answer to outline good");
        assertThat(bad.get().text()).isEqualTo("synchronous answer");
        assertThat(sync.calls).as("only the failed item").hasValue(1);
        assertThat(ledger.usage("paper-b").calls()).extracting(LlmUsage::batch).containsExactly(false);
        assertThat(registry.get("po.llm.batch.fallbacks").counter().count()).isEqualTo(1.0);
    }

    @Test
    void a_batch_sent_before_a_restart_is_polled_again_and_its_calls_are_not_sent_twice() throws Exception {
        BatchJournal journal = BatchJournal.inMemory();
        DefaultLlmGateway before = gateway(batch(1, Duration.ofMinutes(5)), journal);
        Future<LlmResponse> first = call(before, "paper-a", "outline a");
        await().until(() -> provider.submitted.size() == 1);
        assertThat(journal.open()).hasSize(1);

        before.close();
        assertThat(first).failsWithin(Duration.ofSeconds(10)).withThrowableThat()
                .havingCause().isInstanceOf(RetriableException.class);

        DefaultLlmGateway after = gateway(batch(1, Duration.ofMinutes(5)), journal);
        Future<LlmResponse> rerun = call(after, "paper-a", "outline a");
        await().during(Duration.ofMillis(300)).until(() -> provider.submitted.size() == 1);
        provider.endAll();

        assertThat(rerun.get().text()).isEqualTo("answer to outline a");
        assertThat(provider.items()).as("sent once, over both processes").isEqualTo(1);
        await().untilAsserted(() -> assertThat(provider.released).as("freed once journaled as ended")
                .containsExactly("batch_1"));
        assertThat(ledger.usage("paper-a").calls()).hasSize(1);
        await().until(() -> journal.open().isEmpty());
    }

    @Test
    void a_batch_accepted_but_not_journaled_before_a_restart_is_found_by_its_local_id_and_not_sent_again()
            throws Exception {
        BatchJournal journal = BatchJournal.inMemory();
        DefaultLlmGateway before = gateway(batch(1, Duration.ofMinutes(5)), new StopsAfterTheIntent(journal));
        Future<LlmResponse> first = call(before, "paper-a", "outline a");
        await().until(() -> provider.submitted.size() == 1);
        assertThat(journal.open()).as("the provider's id never reached the journal").isEmpty();
        assertThat(journal.intents()).singleElement().satisfies(intent ->
                assertThat(intent.localId()).isEqualTo(provider.localIds.get("batch_1")));
        before.close();
        assertThat(first).failsWithin(Duration.ofSeconds(10)).withThrowableThat()
                .havingCause().isInstanceOf(RetriableException.class);

        DefaultLlmGateway after = gateway(batch(1, Duration.ofMinutes(5)), journal);
        assertThat(journal.open()).as("adopted").extracting(SentBatch::batchId).containsExactly("batch_1");
        assertThat(journal.intents()).isEmpty();
        Future<LlmResponse> rerun = call(after, "paper-a", "outline a");
        await().during(Duration.ofMillis(300)).until(() -> provider.submitted.size() == 1);
        provider.endAll();

        assertThat(rerun.get().text()).isEqualTo("answer to outline a");
        assertThat(provider.submitted).as("submitted once, over both processes").hasSize(1);
        assertThat(ledger.usage("paper-a").calls()).hasSize(1);
        await().until(() -> journal.open().isEmpty());
    }

    @Test
    void a_send_that_times_out_after_the_provider_accepted_the_batch_takes_that_batch_instead_of_sending_again()
            throws Exception {
        provider.timeOutAfterAccepting.set(1);
        BatchJournal journal = BatchJournal.inMemory();
        DefaultLlmGateway gateway = gateway(batch(1, Duration.ofMinutes(5)), journal);

        Future<LlmResponse> answer = call(gateway, "paper-a", "outline a");
        await().until(() -> journal.open().size() == 1);
        provider.endAll();

        assertThat(answer.get().text()).isEqualTo("answer to outline a");
        assertThat(provider.submitted).as("sent once though the send failed").hasSize(1);
        assertThat(sync.calls).hasValue(0);
    }

    @Test
    void where_the_provider_cannot_find_a_batch_by_our_id_the_intent_is_given_up_and_the_call_sent_again()
            throws Exception {
        provider.findable = false;
        BatchJournal journal = BatchJournal.inMemory();
        DefaultLlmGateway before = gateway(batch(1, Duration.ofMinutes(5)), new StopsAfterTheIntent(journal));
        Future<LlmResponse> first = call(before, "paper-a", "outline a");
        await().until(() -> provider.submitted.size() == 1);
        before.close();
        assertThat(first).failsWithin(Duration.ofSeconds(10));

        DefaultLlmGateway after = gateway(batch(1, Duration.ofMinutes(5)), journal);
        assertThat(journal.intents()).isEmpty();
        Future<LlmResponse> rerun = call(after, "paper-a", "outline a");
        await().until(() -> provider.submitted.size() == 2);
        provider.endAll();

        assertThat(rerun.get().text()).isEqualTo("answer to outline a");
        assertThat(provider.submitted).as("sent again: the window this cannot close").hasSize(2);
    }

    @Test
    void a_waiting_call_counts_against_its_papers_budget_from_when_it_was_sent() throws Exception {
        LlmProperties.Batch settings = batch(10, Duration.ofMinutes(5));
        DefaultLlmGateway gateway = gateway(settings, BatchJournal.inMemory(), new LlmProperties.Budget(1_800, 0));
        Future<LlmResponse> waiting = call(gateway, "paper-a", "x".repeat(4_000));
        await().until(() -> provider.gatheredOrSent(gateway) == 1);

        assertThatThrownBy(() -> gateway.call(request("paper-a", "y".repeat(4_000))))
                .isInstanceOf(LlmBudgetExceededException.class).hasMessageContaining("tokens is spent");
        waiting.cancel(true);
    }

    private Future<LlmResponse> call(DefaultLlmGateway gateway, String paper, String prompt) {
        return stages.submit(() -> gateway.call(request(paper, prompt)));
    }

    private static LlmRequest request(String paper, String prompt) {
        return new LlmRequest(paper, "outline-agent", LlmRole.PLANNER, "You plan papers.", prompt, null, List.of());
    }

    private static LlmProperties.Batch batch(int maxItems, Duration gatherWindow) {
        return new LlmProperties.Batch(true, List.of(), maxItems, gatherWindow, Duration.ofMillis(20),
                Duration.ofMinutes(1));
    }

    private DefaultLlmGateway gateway(LlmProperties.Batch settings, BatchJournal journal) {
        return gateway(settings, journal, new LlmProperties.Budget(0, 0));
    }

    private DefaultLlmGateway gateway(LlmProperties.Batch settings, BatchJournal journal, LlmProperties.Budget budget) {
        LlmProperties properties = new LlmProperties(ProviderKind.OPENAI, ENDPOINT.baseUrl(), "key", "gpt-test",
                Map.of(), Duration.ofSeconds(10), 2, 1024, 0, false, LlmProperties.Retry.DEFAULT,
                new LlmProperties.Cache(CacheMode.READ_WRITE), budget, List.of("gpt-test:1/0.5/1.25:2"), "2026-11-29", 0.5,
                settings);
        DefaultLlmGateway gateway = new DefaultLlmGateway(Map.of(LlmRole.PLANNER, WRITER),
                Map.of(LlmRole.PLANNER, sync), properties, new ResponseCache(blobs, CacheMode.READ_WRITE), ledger,
                new LlmMetrics(registry), new RetryPolicy(LlmProperties.Retry.DEFAULT, Sleeper.SYSTEM, () -> 0.5))
                .withBatches(journal, (paper, message) -> notices.add(message), "outline-agent", binding -> Optional.of(provider));
        gateways.add(gateway);
        return gateway;
    }

    /** A journal whose process stops once the intent is written: nothing after it reaches the journal. */
    private record StopsAfterTheIntent(BatchJournal journal) implements BatchJournal {

        @Override
        public void submitting(BatchIntent intent) {
            journal.submitting(intent);
        }

        @Override
        public void submitted(SentBatch batch) {
            throw new IllegalStateException("the process stopped before the batch was journaled");
        }

        @Override
        public void abandoned(BatchIntent intent) {
            throw new IllegalStateException("the process stopped");
        }

        @Override
        public void ended(SentBatch batch) {
            throw new IllegalStateException("the process stopped");
        }

        @Override
        public List<SentBatch> open() {
            return journal.open();
        }

        @Override
        public List<BatchIntent> intents() {
            return journal.intents();
        }
    }

    /**
     * A provider's batch API that answers each item from its prompt once the test ends the batches, and keeps
     * each batch's local id as OpenAI keeps its metadata (unless {@code findable} is off, as at Anthropic).
     */
    private static final class ScriptedBatches implements BatchApi {
        final List<List<BatchItem>> submitted = new CopyOnWriteArrayList<>();
        final Set<String> failing = ConcurrentHashMap.newKeySet();
        final Map<String, Long> cacheWrites = new ConcurrentHashMap<>();
        private final Map<String, List<BatchItem>> batches = new ConcurrentHashMap<>();
        private final Set<String> ended = ConcurrentHashMap.newKeySet();
        final Set<String> released = ConcurrentHashMap.newKeySet();

        final Map<String, String> localIds = new ConcurrentHashMap<>();
        volatile boolean findable = true;

        private SubmittedBatch accept(List<BatchItem> items) {
            String id = "batch_" + (submitted.size() + 1);
            submitted.add(List.copyOf(items));
            batches.put(id, List.copyOf(items));
            return new SubmittedBatch(id, null);
        }

        /** Sends that the provider accepts and then fails to answer, as a timeout after the request went out. */
        final AtomicInteger timeOutAfterAccepting = new AtomicInteger();

        @Override
        public SubmittedBatch submit(@Nullable String localId, List<BatchItem> items) {
            SubmittedBatch batch = accept(items);
            if (localId != null) {
                localIds.put(batch.batchId(), localId);
            }
            if (timeOutAfterAccepting.getAndDecrement() > 0) {
                throw new RetriableException("POST /batches timed out");
            }
            return batch;
        }

        @Override
        public Optional<SubmittedBatch> find(String localId, Instant since) {
            return localIds.entrySet().stream().filter(batch -> findable && batch.getValue().equals(localId))
                    .map(batch -> new SubmittedBatch(batch.getKey(), null)).findFirst();
        }

        @Override
        public BatchPoll poll(String batchId, List<String> customIds) {
            if (!ended.contains(batchId)) {
                return BatchPoll.waiting("in_progress");
            }
            Map<String, ProviderAnswer> answers = new HashMap<>();
            Map<String, String> failures = new HashMap<>();
            // answers by position in the ids the caller gives, as Gemini's come: wrong ids, wrong answers
            List<BatchItem> items = batches.get(batchId);
            for (int i = 0; i < Math.min(items.size(), customIds.size()); i++) {
                BatchItem item = new BatchItem(customIds.get(i), items.get(i).call());
                String prompt = item.call().firstTurnRest();
                if (failing.contains(prompt)) {
                    failures.put(item.customId(), "server_error: the model failed");
                } else {
                    answers.put(item.customId(), new ProviderAnswer("answer to " + prompt, "gpt-test", 1_000, 0,
                            cacheWrites.getOrDefault(prompt, 0L), 100, List.of()));
                }
            }
            return new BatchPoll(true, answers, failures, "completed");
        }

        @Override
        public void release(String batchId) {
            released.add(batchId);
        }

        void endAll() {
            ended.addAll(batches.keySet());
        }

        int items() {
            return submitted.stream().mapToInt(List::size).sum();
        }

        int gatheredOrSent(DefaultLlmGateway gateway) {
            return gateway.waitingBatches().stream().mapToInt(waiting -> waiting.calls()).sum();
        }
    }

    private static final class SyncProvider implements ChatProvider {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public ProviderEndpoint endpoint() {
            return ENDPOINT;
        }

        @Override
        public ProviderAnswer chat(ProviderCall call) {
            calls.incrementAndGet();
            return new ProviderAnswer("synchronous answer", "gpt-test", 1_000, 100, List.of());
        }
    }

    private static final class MemoryStore implements KeyedStore {
        private final Map<String, byte[]> entries = new ConcurrentHashMap<>();

        @Override
        public void putKeyed(String namespace, String key, byte[] content) {
            entries.put(namespace + "/" + key, content);
        }

        @Override
        public Optional<byte[]> getKeyed(String namespace, String key) {
            return Optional.ofNullable(entries.get(namespace + "/" + key));
        }
    }
}
