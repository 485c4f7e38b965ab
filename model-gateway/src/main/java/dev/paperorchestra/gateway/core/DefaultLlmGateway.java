package dev.paperorchestra.gateway.core;

import dev.paperorchestra.gateway.CancelCheck;
import dev.paperorchestra.gateway.KeyedStore;
import dev.paperorchestra.base.errors.AgentException;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.gateway.batch.BatchApi;
import dev.paperorchestra.gateway.batch.BatchCoordinator;
import dev.paperorchestra.gateway.batch.BatchJournal;
import dev.paperorchestra.gateway.batch.BatchNotices;
import dev.paperorchestra.gateway.batch.SentBatch;
import dev.paperorchestra.base.http.Sleeper;
import dev.paperorchestra.gateway.InvalidModelAnswerException;
import dev.paperorchestra.gateway.LlmBudgetExceededException;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.gateway.LlmProperties.CacheMode;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.gateway.provider.ChatProvider;
import dev.paperorchestra.gateway.provider.ChatTurn;
import dev.paperorchestra.gateway.provider.ProviderAnswer;
import dev.paperorchestra.gateway.provider.ProviderCall;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import dev.paperorchestra.gateway.usage.LlmMetrics;
import dev.paperorchestra.gateway.usage.LlmUsage;
import dev.paperorchestra.gateway.usage.PaperUsage;
import dev.paperorchestra.gateway.usage.PriceTable;
import dev.paperorchestra.gateway.usage.UsageLedger;
import dev.paperorchestra.base.redaction.Redaction;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gateway every agent calls. {@link #call} is the one template: isolation preamble, then for each answer
 * (the first and every repair) cache, budget, bulkhead, retry, provider, accounting; then the schema check
 * that sends an invalid answer back with its violations, at most {@code maxRepairs} times.
 */
public final class DefaultLlmGateway implements LlmGateway, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DefaultLlmGateway.class);
    /** A rough size of a token in characters, to refuse a call that would clearly break the budget. */
    private static final int CHARS_PER_TOKEN = 4;
    /** How often a call waiting for a batch looks whether its paper was cancelled. */
    private static final Duration BATCH_WAIT_LOOK = Duration.ofSeconds(1);

    private final Map<LlmRole, RoleBinding> bindings;
    private final Map<LlmRole, ChatProvider> providers;
    private final LlmProperties properties;
    private final ResponseCache cache;
    private final UsageLedger ledger;
    private final PriceTable prices;
    private final RetryPolicy retry;
    private final ProviderBulkheads bulkheads;
    private final LlmMetrics metrics;
    private final AnswerValidator validator = new AnswerValidator();
    private final CancelCheck cancellations;
    /** Sends the calls that can wait through the providers' batch APIs; null when {@code po.llm.batch} is off. */
    private volatile @Nullable BatchCoordinator batches;

    DefaultLlmGateway(Map<LlmRole, RoleBinding> bindings, Map<LlmRole, ChatProvider> providers,
            LlmProperties properties, ResponseCache cache, UsageLedger ledger, LlmMetrics metrics,
            RetryPolicy retry) {
        this(bindings, providers, properties, cache, ledger, metrics, retry, CancelCheck.NEVER);
    }

    DefaultLlmGateway(Map<LlmRole, RoleBinding> bindings, Map<LlmRole, ChatProvider> providers,
            LlmProperties properties, ResponseCache cache, UsageLedger ledger, LlmMetrics metrics,
            RetryPolicy retry, CancelCheck cancellations) {
        this.cancellations = cancellations;
        this.bindings = new EnumMap<>(bindings);
        this.providers = new EnumMap<>(providers);
        this.properties = properties;
        this.cache = cache;
        this.ledger = ledger;
        this.prices = properties.priceTable();
        this.retry = retry;
        this.bulkheads = new ProviderBulkheads(properties.maxConcurrency(), properties.timeout());
        this.metrics = metrics;
    }

    /**
     * The gateway for these properties: one adapter per role, answers cached in the blob store, calls recorded
     * in the ledger and the registry.
     */
    public static DefaultLlmGateway create(LlmProperties properties, Map<LlmRole, RoleBinding> bindings,
            KeyedStore blobs, UsageLedger ledger, LlmMetrics metrics, CancelCheck cancellations) {
        Map<LlmRole, ChatProvider> providers = new EnumMap<>(LlmRole.class);
        bindings.forEach((role, binding) -> providers.put(role,
                ChatProviders.create(binding, properties.timeout(), properties.maxOutputTokens())));
        return new DefaultLlmGateway(bindings, providers, properties,
                new ResponseCache(blobs, properties.cache().mode()), ledger, metrics,
                new RetryPolicy(properties.retry(), Sleeper.SYSTEM,
                        () -> ThreadLocalRandom.current().nextDouble()), cancellations);
    }


    @Override
    public LlmResponse call(LlmRequest request) {
        ChatProvider provider = providers.get(request.role());
        RoleBinding binding = bindings.get(request.role());
        if (provider == null || binding == null) {
            throw new PermanentException("no model provider is configured for role " + roleName(request.role()));
        }
        PromptLayout layout = PromptLayout.of(request.role(), request.system(), request.prompt());
        String system = layout.system();
        @Nullable Double temperature = request.temperatureOverride().orElse(binding.temperature());
        boolean grounding = request.role() == LlmRole.SEARCHER && properties.searchGrounding();
        Prompt prompt = request.schema().map(schema -> withSchema(layout.user(), schema)).orElse(layout.user());
        List<ChatTurn> turns = new ArrayList<>();
        turns.add(ChatTurn.user(prompt.text()));
        for (int repair = 0; ; repair++) {
            ProviderCall call = new ProviderCall(system, turns, request.images(), request.jsonSchema(), temperature,
                    properties.maxOutputTokens(), grounding, prompt.stablePrefix());
            LlmResponse answer = answer(request, provider.endpoint(), provider, call);
            if (request.jsonSchema() == null) {
                return answer;
            }
            AnswerValidator.Verdict verdict = validator.validate(request.jsonSchema(), answer.text());
            if (verdict.valid()) {
                return new LlmResponse(verdict.json(), answer.provider(), answer.model(), answer.inputTokens(),
                        answer.outputTokens(), answer.cached(), answer.sources());
            }
            if (repair >= properties.maxRepairs()) {
                throw new InvalidModelAnswerException(who(request, provider.endpoint()), repair,
                        verdict.violations(), answer.text());
            }
            log.info("paper {}: {} answer violates its schema ({} problem(s)); repair {} of {}", request.paperId(),
                    roleName(request.role()), verdict.violations().size(), repair + 1, properties.maxRepairs());
            metrics.repair(request.agent(), roleName(request.role()));
            turns.add(ChatTurn.model(answer.text()));
            turns.add(ChatTurn.user(repairPrompt(verdict.violations())));
        }
    }

    /** One answer: from the cache when recorded, else paid for within the budget. */
    private LlmResponse answer(LlmRequest request, ProviderEndpoint endpoint, ChatProvider provider,
            ProviderCall call) {
        // before every answer, the first and every repair: no model call for a cancelled paper
        cancellations.checkNotCancelled(request.paperId(), "a " + roleName(request.role()) + " model call");
        String key = ResponseCache.key(endpoint, call);
        var cached = cache.lookup(key);
        if (cached.isPresent()) {
            // entries recorded before answers were scanned are scanned on the way out
            ProviderAnswer hit = withoutSecrets(cached.get());
            LlmUsage usage = usage(request, endpoint, new ProviderAnswer("", endpoint.model(), 0, 0, List.of()), true);
            ledger.record(usage);
            metrics.call(usage, "cached", Duration.ZERO);
            log.debug("paper {}: {} answered from the response cache ({})", request.paperId(),
                    roleName(request.role()), key);
            return new LlmResponse(hit.text(), endpoint.providerName(), endpoint.model(), 0, 0, true, hit.sources());
        }
        if (cache.mode() == CacheMode.REPLAY_ONLY) {
            throw new PermanentException(who(request, endpoint) + ": po.llm.cache.mode=replay-only and no answer is "
                    + "recorded for this request (cache key " + key + "); record it first with mode record or "
                    + "read-write");
        }
        checkBudget(request, call);
        if (batches != null && properties.batch().waits(request.role()) && batches.batches(endpoint)) {
            Optional<LlmResponse> batched = fromBatch(request, endpoint, call, key);
            if (batched.isPresent()) {
                return batched.get();
            }
        }
        long started = System.nanoTime();
        ProviderAnswer paid;
        try {
            paid = withoutSecrets(bulkheads.run(endpoint, () -> retry.run(who(request, endpoint),
                    kind -> metrics.retry(endpoint.providerName(), kind), () -> provider.chat(call))));
        } catch (AgentException e) {
            metrics.call(usage(request, endpoint, new ProviderAnswer("", endpoint.model(), 0, 0, List.of()), false),
                    "failed", Duration.ofNanos(System.nanoTime() - started));
            throw e;
        }
        LlmUsage usage = usage(request, endpoint, paid, false);
        ledger.record(usage);
        metrics.call(usage, "paid", Duration.ofNanos(System.nanoTime() - started));
        cache.store(key, paid);
        log.info("paper {}: {} answered by {} in {} ms ({} in, {} of them cached / {} out tokens)",
                request.paperId(), roleName(request.role()), endpoint, (System.nanoTime() - started) / 1_000_000,
                paid.inputTokens(), paid.cachedInputTokens(), paid.outputTokens());
        return new LlmResponse(paid.text(), endpoint.providerName(), endpoint.model(), paid.inputTokens(),
                paid.outputTokens(), false, paid.sources());
    }

    /**
     * The call's answer from the next batch of its endpoint, or empty when the batch did not answer it (the caller
     * then makes it synchronously, counted as a fallback).
     */
    private Optional<LlmResponse> fromBatch(LlmRequest request, ProviderEndpoint endpoint, ProviderCall call,
            String key) {
        BatchCoordinator coordinator = Objects.requireNonNull(batches);
        SentBatch.Item item = new SentBatch.Item(key, request.paperId(), request.agent(), roleName(request.role()),
                estimatedInputTokens(call));
        long started = System.nanoTime();
        BatchCoordinator.Outcome outcome = awaitBatch(request, coordinator.join(endpoint, item, call),
                coordinator.maxWait());
        return switch (outcome) {
            case BatchCoordinator.Answered answered -> {
                ProviderAnswer paid = withoutSecrets(answered.answer());
                log.info("paper {}: {} answered through a batch of {} after {} s ({} in, {} of them cached / {} out "
                        + "tokens)", request.paperId(), roleName(request.role()), endpoint,
                        (System.nanoTime() - started) / 1_000_000_000L, paid.inputTokens(), paid.cachedInputTokens(),
                        paid.outputTokens());
                yield Optional.of(new LlmResponse(paid.text(), endpoint.providerName(), endpoint.model(),
                        paid.inputTokens(), paid.outputTokens(), false, paid.sources()));
            }
            case BatchCoordinator.Failed failed -> {
                log.warn("paper {}: {} call not answered in its batch ({}); made synchronously", request.paperId(),
                        roleName(request.role()), failed.reason());
                metrics.batchFallback(request.agent(), endpoint.providerName());
                yield Optional.empty();
            }
        };
    }

    /** Waits for a batch outcome, checking for a cancelled paper between looks; past {@code maxWait} it fails. */
    private BatchCoordinator.Outcome awaitBatch(LlmRequest request, CompletableFuture<BatchCoordinator.Outcome> future,
            Duration maxWait) {
        long deadline = System.nanoTime() + maxWait.toNanos();
        while (true) {
            try {
                return future.get(BATCH_WAIT_LOOK.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                cancellations.checkNotCancelled(request.paperId(), "waiting for a batch answer");
                if (System.nanoTime() - deadline > 0) {
                    return new BatchCoordinator.Failed("no answer within po.llm.batch.max-wait (" + maxWait + ")");
                }
            } catch (ExecutionException e) {
                if (e.getCause() instanceof AgentException agent) {
                    throw agent;
                }
                throw new RetriableException("waiting for a batch answer failed: " + e.getCause(), e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RetriableException("interrupted while waiting for a batch answer", e);
            }
        }
    }

    /**
     * Files an answer a batch brought: in the response cache under the call's key first (so a re-run of the stage
     * never pays for it again), then its usage at the batch price. An answer found filed was recorded by the
     * process that filed it (a batch read again after a restart).
     */
    void fileBatchAnswer(SentBatch.Item item, ProviderEndpoint endpoint, ProviderAnswer answer) {
        if (cache.mode() != CacheMode.OFF && cache.lookup(item.customId()).isPresent()) {
            return;
        }
        ProviderAnswer paid = withoutSecrets(answer);
        cache.store(item.customId(), paid);
        LlmUsage usage = usage(item.paperId(), item.agent(), item.role(), endpoint, paid, false, true);
        ledger.record(usage);
        metrics.call(usage, "batch", Duration.ZERO);
    }

    /**
     * Sends the calls that can wait ({@code po.llm.batch}) through the batch API of their endpoint from now on,
     * resuming the batches {@code journal} holds open; a no-op when batches are off or no endpoint has one.
     *
     * @param notices tells a paper's followers that a call of it waits in a sent batch
     * @param apiOf   the batch API of a role's endpoint, when its provider has one
     */
    public DefaultLlmGateway withBatches(BatchJournal journal, BatchNotices notices, String agent,
            Function<RoleBinding, Optional<BatchApi>> apiOf) {
        if (!properties.batch().enabled() || batches != null) {
            return this;
        }
        Map<ProviderEndpoint, BatchApi> apis = new HashMap<>();
        bindings.forEach((role, binding) -> {
            if (properties.batch().waits(role) && !apis.containsKey(binding.endpoint())) {
                apiOf.apply(binding).ifPresent(api -> apis.put(binding.endpoint(), api));
            }
        });
        if (!apis.isEmpty()) {
            batches = new BatchCoordinator(apis, journal, this::fileBatchAnswer, notices, properties.batch(),
                    Clock.systemUTC(), agent);
        }
        return this;
    }

    /** The batches waiting now (empty when batches are off). */
    public List<BatchCoordinator.Waiting> waitingBatches() {
        BatchCoordinator coordinator = batches;
        return coordinator == null ? List.of() : coordinator.waiting();
    }

    @Override
    public void close() {
        BatchCoordinator coordinator = batches;
        if (coordinator != null) {
            coordinator.close();
        }
    }

    /**
     * The answer with every configured key (in any derived form) masked, before it is cached, stored or handed
     * on: a model that echoes a key from a proxy's error page or from the materials must not put it into the
     * response cache, a blob or paper.tex. Masked rather than not cached, so a replay gives the same text.
     */
    static ProviderAnswer withoutSecrets(ProviderAnswer answer) {
        String text = Redaction.redactSecrets(answer.text());
        List<LlmResponse.Source> sources = answer.sources().stream().map(source -> new LlmResponse.Source(
                Redaction.redactSecrets(source.title()), Redaction.redactSecrets(source.uri()))).toList();
        if (text.equals(answer.text()) && sources.equals(answer.sources())) {
            return answer;
        }
        return new ProviderAnswer(text, answer.model(), answer.inputTokens(), answer.cachedInputTokens(),
                answer.cacheWriteInputTokens(), answer.outputTokens(), sources);
    }

    /**
     * Refuses a call once the paper has spent its budget, or when the request alone (estimated from its length)
     * would take the paper past it: stopping with a clear reason beats overspending.
     */
    private void checkBudget(LlmRequest request, ProviderCall call) {
        LlmProperties.Budget budget = properties.budget();
        if (budget.maxTokens() <= 0 && budget.maxCostUsd() <= 0) {
            return;
        }
        PaperUsage.Totals spent = ledger.usage(request.paperId()).totals();
        // a call waiting in a batch counts from when it was sent, not from when its answer comes back
        long used = spent.tokens() + (batches == null ? 0 : batches.reservedTokens(request.paperId()));
        long estimate = estimatedInputTokens(call);
        String reason = null;
        if (budget.maxTokens() > 0 && used + estimate > budget.maxTokens()) {
            reason = String.format(Locale.ROOT, "the model budget of %d tokens is spent (%d used, this %s call "
                    + "needs about %d more)", budget.maxTokens(), used, roleName(request.role()), estimate);
        } else if (budget.maxCostUsd() > 0 && spent.costUsd() >= budget.maxCostUsd()) {
            reason = String.format(Locale.ROOT, "the model budget of $%.2f is spent ($%.4f used)",
                    budget.maxCostUsd(), spent.costUsd());
        }
        if (reason != null) {
            metrics.budgetStop(request.agent(), request.paperId());
            throw new LlmBudgetExceededException("paper " + request.paperId() + " stopped in " + request.agent()
                    + ": " + reason + "; raise po.llm.budget.max-tokens / po.llm.budget.max-cost-usd to go on");
        }
    }

    private static long estimatedInputTokens(ProviderCall call) {
        long chars = call.system().length();
        for (ChatTurn turn : call.turns()) {
            chars += turn.text().length();
        }
        return chars / CHARS_PER_TOKEN;
    }

    /** The usage of an answer, priced with its cached input at the cached price (a cache hit costs nothing). */
    private LlmUsage usage(LlmRequest request, ProviderEndpoint endpoint, ProviderAnswer answer, boolean cached) {
        return usage(request.paperId(), request.agent(), roleName(request.role()), endpoint, answer, cached, false);
    }

    private LlmUsage usage(String paperId, String agent, String role, ProviderEndpoint endpoint, ProviderAnswer answer,
            boolean cached, boolean batch) {
        LlmUsage unpriced = new LlmUsage(paperId, agent, role, endpoint.providerName(), endpoint.model(),
                answer.inputTokens(), answer.cachedInputTokens(), answer.cacheWriteInputTokens(), answer.outputTokens(),
                0, cached, batch);
        return new LlmUsage(paperId, agent, role, endpoint.providerName(), endpoint.model(), answer.inputTokens(),
                answer.cachedInputTokens(), answer.cacheWriteInputTokens(), answer.outputTokens(),
                prices.cost(unpriced), cached, batch);
    }

    static String withSchema(String user, String schema) {
        return user + Prompt.SEPARATOR + schemaInstruction(schema);
    }

    /** The schema instruction ends the per-call part, so it never splits the stable prefix. */
    static Prompt withSchema(Prompt prompt, String schema) {
        boolean endsStable = prompt.blocks().getLast().stable();
        return prompt.withTask((endsStable ? "" : Prompt.SEPARATOR) + schemaInstruction(schema));
    }

    private static String schemaInstruction(String schema) {
        return "Answer with one JSON object that matches this JSON Schema, and nothing else:\n" + schema;
    }

    static String repairPrompt(List<String> violations) {
        return "Your answer does not match the JSON Schema:\n- " + String.join("\n- ", violations)
                + "\n\nAnswer again with the complete corrected JSON object only.";
    }

    private static String who(LlmRequest request, ProviderEndpoint endpoint) {
        return "paper " + request.paperId() + ", " + request.agent() + ", role " + roleName(request.role()) + " ("
                + endpoint + ")";
    }

    public static String roleName(LlmRole role) {
        return role.name().toLowerCase(Locale.ROOT);
    }
}
