package dev.paperorchestra.literature;

import dev.paperorchestra.literature.discovery.DiscoveryKind;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the literature agent.
 *
 * @param replayFiles              offline Semantic Scholar records ({@code {"papers": [...]}} in Graph API
 *                                 format) that offline discovery searches and the offline verifier resolves
 *                                 against; a missing file is skipped with a warning, and with no records
 *                                 offline jobs find and verify nothing
 * @param candidatesPerQuery       candidates a discovery worker returns per query at most
 * @param searchConcurrency        discovery workers (listener threads) per instance; more than the
 *                                 literature-search-tasks partitions would idle
 * @param titleSimilarityThreshold title similarity (0-100, Levenshtein ratio on normalised titles, plus the
 *                                 year bonus) a candidate must exceed to match its record
 * @param yearBonus                added to the title similarity when the candidate's year equals the record's
 * @param idBatchSize              DOIs/arXiv ids resolved in one scholarly request (Semantic Scholar's batch
 *                                 endpoint takes up to 500)
 * @param minCitationShare         share of the verified pool the drafted sections must cite; a draft citing
 *                                 less fails the paper
 * @param maxRedrafts              times a model draft breaking a citation rule is sent back (with the rule and
 *                                 the missing keys named) before the paper fails
 * @param discoverySources         where model jobs look for candidates (combinable: searcher, openalex, recall,
 *                                 s2-bulk); offline jobs use the replay store and, when its base URL is given
 *                                 explicitly, OpenAlex, and s2-bulk when listed here and the Semantic Scholar
 *                                 base URL is given explicitly
 * @param s2                       the Semantic Scholar endpoint the verifier resolves against
 * @param openalex                 the OpenAlex endpoint discovery searches
 * @param verifierSessionTimeout   session timeout of the verifier's consumer group only (6 s to 5 min; every other
 *                                 group keeps Kafka's 45 s): how long a killed or frozen active verifier holds the
 *                                 single citation-verify-requests partition before a standby takes it over; the
 *                                 heartbeat is a third of it; a verifier whose process stood still longer than this
 *                                 during a poll hands the poll back instead of sending further Semantic Scholar
 *                                 requests. At least the broker's group.min.session.timeout.ms (6 s). Chosen over
 *                                 static membership ({@code group.instance.id}), which would keep the partition with
 *                                 the dead instance until the same id comes back; {@code scripts/chaos} measures the
 *                                 failover
 */
@Validated
@ConfigurationProperties(LiteratureAgentProperties.PREFIX)
public record LiteratureAgentProperties(
        @DefaultValue @NotNull List<Path> replayFiles,
        @DefaultValue("4") @Min(1) @Max(100) int candidatesPerQuery,
        @DefaultValue("4") @Min(1) @Max(64) int searchConcurrency,
        @DefaultValue("70") @DecimalMin("0") @DecimalMax("100") double titleSimilarityThreshold,
        @DefaultValue("5") @DecimalMin("0") @DecimalMax("100") double yearBonus,
        @DefaultValue("500") @Min(1) @Max(500) int idBatchSize,
        @DefaultValue("0.9") @DecimalMin("0") @DecimalMax("1") double minCitationShare,
        @DefaultValue("2") @Min(0) @Max(10) int maxRedrafts,
        @DefaultValue({"searcher", "openalex"}) @NotEmpty List<DiscoveryKind> discoverySources,
        @DefaultValue @Valid @NotNull SemanticScholar s2,
        @DefaultValue @Valid @NotNull OpenAlex openalex,
        @DefaultValue("10s") @NotNull @DurationMin(seconds = 6) @DurationMax(minutes = 5)
        Duration verifierSessionTimeout) {

    public static final String PREFIX = "po.literature";
    /** The bean name @ConfigurationPropertiesScan gives this record, for SpEL in listener annotations. */
    public static final String BEAN = PREFIX + "-dev.paperorchestra.literature.LiteratureAgentProperties";

    /**
     * Semantic Scholar as the verifier talks to it.
     *
     * @param baseUrl        the service root, {@code https://api.semanticscholar.org}, to which the Graph API paths
     *                       ({@code /graph/v1/paper/...}) are appended; the Graph API root
     *                       ({@code https://host/graph/v1}) means the same and is accepted too; empty means not
     *                       given, which uses the public API for model jobs and the offline replay store for
     *                       offline jobs
     * @param apiKey         sent as {@code x-api-key} when not empty; never logged
     * @param requestSpacing least time between two requests of this deployment (the key's limit, 1/s by default)
     * @param maxAttempts    attempts of one request answered 429/5xx or failing in transport, on the same thread
     * @param retryBackoff   first back-off between attempts (doubles each time) when no Retry-After is given
     * @param maxBackoff     longest wait between attempts, Retry-After included
     * @param timeout        connect and response timeout of one request
     * @param bulkRecordsPerSearch accepted records the s2-bulk discovery source keeps per query at most
     * @param bulkMaxPages   bulk search requests (up to 1,000 records each, continued by token) per query at most
     * @param outageBackoff  first wait of the verifier before it takes back a poll that failed because Semantic
     *                       Scholar did not answer (every attempt of one request); doubles per failed poll
     * @param outageMaxBackoff longest such wait (a sustained outage costs one request's attempts per this)
     */
    public record SemanticScholar(
            @DefaultValue("") @NotNull String baseUrl,
            @DefaultValue("") @NotNull String apiKey,
            @DefaultValue("1s") @NotNull @DurationMin(millis = 1) Duration requestSpacing,
            @DefaultValue("5") @Min(1) @Max(20) int maxAttempts,
            @DefaultValue("2s") @NotNull Duration retryBackoff,
            @DefaultValue("60s") @NotNull Duration maxBackoff,
            @DefaultValue("30s") @NotNull Duration timeout,
            @DefaultValue("10") @Min(1) @Max(1000) int bulkRecordsPerSearch,
            @DefaultValue("1") @Min(1) @Max(10) int bulkMaxPages,
            @DefaultValue("30s") @NotNull @DurationMin(millis = 1) Duration outageBackoff,
            @DefaultValue("10m") @NotNull @DurationMin(millis = 1) Duration outageMaxBackoff) {

        public static final String DEFAULT_BASE_URL = "https://api.semanticscholar.org";

        @Override
        public String toString() {
            // the key stays out of logs and exception messages
            return "SemanticScholar[baseUrl=" + baseUrl + ", apiKey=" + (apiKey.isBlank() ? "none" : "***") + "]";
        }

        public boolean explicit() {
            return !baseUrl.isBlank();
        }

        public String effectiveBaseUrl() {
            return explicit() ? baseUrl.strip() : DEFAULT_BASE_URL;
        }
    }

    /**
     * OpenAlex works search for discovery.
     *
     * @param baseUrl        API root, e.g. {@code https://api.openalex.org}; empty means not given (the public API
     *                       for model jobs, not used by offline jobs)
     * @param apiKey         sent as the {@code api_key} query parameter (OpenAlex requires a key since February
     *                       2026); never logged
     * @param mailto         contact address sent as {@code mailto} (the deprecated polite pool); empty for none
     * @param timeout        connect and response timeout of one request
     * @param requestSpacing least time between two OpenAlex requests of one literature-agent instance
     * @param maxAttempts    attempts of one request answered 429/5xx or failing in transport, on the same thread
     * @param retryBackoff   first back-off between attempts (doubles each time) when no Retry-After is given
     * @param maxBackoff     longest wait between attempts, Retry-After included
     */
    public record OpenAlex(
            @DefaultValue("") @NotNull String baseUrl,
            @DefaultValue("") @NotNull String apiKey,
            @DefaultValue("") @NotNull String mailto,
            @DefaultValue("30s") @NotNull Duration timeout,
            @DefaultValue("100ms") @NotNull @DurationMin(millis = 1) Duration requestSpacing,
            @DefaultValue("5") @Min(1) @Max(20) int maxAttempts,
            @DefaultValue("1s") @NotNull Duration retryBackoff,
            @DefaultValue("60s") @NotNull Duration maxBackoff) {

        @Override
        public String toString() {
            // the key stays out of logs and exception messages
            return "OpenAlex[baseUrl=" + baseUrl + ", apiKey=" + (apiKey.isBlank() ? "none" : "***") + "]";
        }

        public static final String DEFAULT_BASE_URL = "https://api.openalex.org";

        public boolean explicit() {
            return !baseUrl.isBlank();
        }

        public String effectiveBaseUrl() {
            return explicit() ? baseUrl.strip() : DEFAULT_BASE_URL;
        }
    }
}
