package dev.paperorchestra.gateway;

import dev.paperorchestra.gateway.usage.PriceTable;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.hibernate.validator.constraints.time.DurationMin;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Model providers, per role, and how the gateway calls them.
 *
 * @param provider        provider of every role without its own ({@code none}: only offline jobs can run;
 *                        {@code offline}: every job runs the deterministic offline path)
 * @param baseUrl         base URL of the default provider (an OpenAI-compatible server, a Gemini or Anthropic
 *                        proxy); null for the provider's public endpoint
 * @param apiKey          API key of the default provider; null to take it from the provider's usual
 *                        environment variable ({@code OPENAI_API_KEY}, {@code GEMINI_API_KEY},
 *                        {@code ANTHROPIC_API_KEY})
 * @param model           model of every role without its own; null for the provider's default model
 * @param roles           per-role overrides, keyed {@code planner}, {@code searcher}, {@code critic},
 *                        {@code reviewer}
 * @param timeout         longest one model request may take
 * @param maxConcurrency  most requests in flight to one provider endpoint from this instance (bulkhead)
 * @param maxOutputTokens most tokens a model may answer with
 * @param maxRepairs      times an answer that violates the requested JSON Schema is sent back with the violations
 * @param searchGrounding ask search-capable providers (Gemini) to ground searcher answers on web search and
 *                        return the sources
 * @param retry           retries of rate-limited, failing or timed-out requests
 * @param cache           the response cache
 * @param budget          the per-paper spending limit
 * @param prices          price table entries {@code model:inputUsdPerMillion:outputUsdPerMillion}, or
 *                        {@code model:input/cachedInput:output} with the price of input read from the provider's
 *                        prompt cache, or {@code model:input/cachedInput/cacheWrite:output} with the price of input
 *                        written to it too (Anthropic: 1.25 times input); added to and overriding the built-in
 *                        list prices
 * @param pricesChecked   when the configured prices were checked against the provider's pricing page (reported
 *                        beside every cost)
 * @param batchPriceFactor what a call through a provider's batch API costs against a synchronous one
 * @param batch           model calls sent through the providers' batch APIs
 */
@Validated
@ConfigurationProperties("po.llm")
public record LlmProperties(
        @DefaultValue("none") @NotNull ProviderKind provider,
        @Nullable String baseUrl,
        @Nullable String apiKey,
        @Nullable String model,
        @DefaultValue Map<String, @Valid RoleSettings> roles,
        @DefaultValue("5m") @NotNull @DurationMin(seconds = 1) Duration timeout,
        @DefaultValue("4") @Min(1) int maxConcurrency,
        @DefaultValue("8192") @Min(16) int maxOutputTokens,
        @DefaultValue("2") @Min(0) int maxRepairs,
        @DefaultValue("true") boolean searchGrounding,
        @DefaultValue @NotNull @Valid Retry retry,
        @DefaultValue @NotNull @Valid Cache cache,
        @DefaultValue @NotNull @Valid Budget budget,
        @DefaultValue List<String> prices,
        @DefaultValue("") String pricesChecked,
        @DefaultValue("0.5") @DecimalMin(value = "0.0", inclusive = false) @DecimalMax("1.0") double batchPriceFactor,
        @DefaultValue @NotNull @Valid Batch batch) {

    public LlmProperties {
        roles = Map.copyOf(roles);
        prices = List.copyOf(prices);
    }

    /** Properties with every default, for code outside Spring (tests, the cli's doctor). */
    public static LlmProperties defaults(ProviderKind provider, @Nullable String baseUrl, @Nullable String model) {
        return new LlmProperties(provider, baseUrl, null, model, Map.of(), Duration.ofMinutes(5), 4, 8192, 2, true,
                Retry.DEFAULT, new Cache(CacheMode.READ_WRITE), new Budget(0, 0.0), List.of(), "",
                PriceTable.DEFAULT_BATCH_FACTOR, Batch.OFF);
    }

    /** The price table these properties configure. */
    public PriceTable priceTable() {
        return PriceTable.of(prices, pricesChecked, batchPriceFactor);
    }

    public enum ProviderKind { NONE, OFFLINE, OPENAI, GEMINI, ANTHROPIC }

    public enum CacheMode {
        /** Neither read nor written. */
        OFF,
        /** Answers are read when present and written after every paid call. */
        READ_WRITE,
        /** Only recorded answers are used; a miss is an error (deterministic tests). */
        REPLAY_ONLY,
        /** Every call is paid and its answer written, replacing what was recorded. */
        RECORD
    }

    /**
     * One role's overrides; null fields fall back to the defaults above.
     *
     * @param temperature sampling temperature of the role (the reviewer defaults to 0.75)
     */
    public record RoleSettings(@Nullable ProviderKind provider, @Nullable String model, @Nullable String baseUrl,
            @Nullable String apiKey, @Nullable @DecimalMin("0.0") @DecimalMax("2.0") Double temperature) {
    }

    /**
     * @param maxAttempts    attempts of one request, the first included
     * @param initialBackoff wait before the second attempt when the provider sends no Retry-After; doubles each time
     * @param maxBackoff     longest wait between attempts
     * @param jitter         share of each wait drawn at random (0.2: the wait varies by up to 20% either way)
     * @param maxRetryAfter  longest Retry-After honoured in place; a longer one ends the retries and the stage is
     *                       redelivered by Kafka later
     */
    public record Retry(@DefaultValue("5") @Min(1) int maxAttempts,
            @DefaultValue("2s") @NotNull Duration initialBackoff,
            @DefaultValue("60s") @NotNull Duration maxBackoff,
            @DefaultValue("0.2") @DecimalMin("0.0") @DecimalMax("1.0") double jitter,
            @DefaultValue("5m") @NotNull Duration maxRetryAfter) {

        public static final Retry DEFAULT = new Retry(5, Duration.ofSeconds(2), Duration.ofSeconds(60), 0.2,
                Duration.ofMinutes(5));
    }

    /** @param mode {@code off}, {@code read-write}, {@code replay-only} or {@code record} */
    public record Cache(@DefaultValue("read-write") @NotNull CacheMode mode) {
    }

    /**
     * The most one paper may spend on model calls, over every agent; 0 means no limit.
     *
     * @param maxTokens  input plus output tokens
     * @param maxCostUsd estimated cost in US dollars (from the price table)
     */
    public record Budget(@DefaultValue("0") @Min(0) long maxTokens,
            @DefaultValue("0") @DecimalMin("0.0") double maxCostUsd) {
    }

    /**
     * Calls that can wait, sent through the provider's batch API (OpenAI Batch, Anthropic Message Batches, Gemini
     * batch mode) at its batch price. A call that misses the response cache joins the next batch of its endpoint;
     * the stage waits for the answer, which is filed in the response cache under the call's key. An item the
     * provider fails or leaves unanswered is sent synchronously (counted). Endpoints without a batch API are
     * always called synchronously.
     *
     * @param enabled      send waiting calls through batches (off: every call is synchronous; {@code po bench
     *                     --batch} turns it on)
     * @param roles        the roles whose calls wait ({@code planner}, {@code searcher}, {@code critic},
     *                     {@code reviewer}); empty for every role
     * @param maxItems     a batch is sent once it holds this many calls
     * @param gatherWindow else it is sent this long after its first call joined, so calls of other papers can join
     * @param pollInterval how often a sent batch is asked for its state
     * @param maxWait      longest a stage waits for one batch answer (the providers' completion window is 24 h); part
     *                     of the stage budget when enabled, and past it the call is made synchronously
     */
    public record Batch(@DefaultValue("false") boolean enabled,
            @DefaultValue List<String> roles,
            @DefaultValue("100") @Min(1) int maxItems,
            @DefaultValue("5s") @NotNull Duration gatherWindow,
            @DefaultValue("30s") @NotNull @DurationMin(millis = 10) Duration pollInterval,
            @DefaultValue("25h") @NotNull @DurationMin(seconds = 1) Duration maxWait) {

        public static final Batch OFF = new Batch(false, List.of(), 100, Duration.ofSeconds(5), Duration.ofSeconds(30),
                Duration.ofHours(25));

        public Batch {
            roles = List.copyOf(roles);
        }

        /** True when calls of this role wait for a batch. */
        public boolean waits(LlmRole role) {
            return enabled && (roles.isEmpty() || roles.stream().anyMatch(name -> name.equalsIgnoreCase(role.name())));
        }
    }
}
