package dev.paperorchestra.service.console;

import dev.paperorchestra.content.outputs.PaperOutputs;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.model.summary.RunSummary;
import dev.paperorchestra.schemas.Tenants;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.schemas.topics.Topics;
import dev.paperorchestra.service.status.PaperState;
import dev.paperorchestra.service.status.PaperViews;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupListing;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The operator view's numbers, from what the service itself can see: the status view (papers by state, who
 * waits at a gate and since when, failures with their reasons, the cost of papers finished in the last hour from
 * their summary.json) and the broker (consumer lag per group and topic, the Semantic Scholar verifier's queue and
 * its requests and answers in the last hour, from offsets by timestamp). Process metrics of other pods (heap,
 * CPU, listener latency, model latency, the verifier's in-flight gauge) live only in Prometheus.
 */
public final class OperationsView implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(OperationsView.class);

    /** Consumer lag of one group on one topic (records not yet read). */
    public record Lag(String group, String topic, long records) {
    }

    /** A paper waiting at a gate. */
    public record Waiting(String paperId, String stage, String since, long waitingSeconds, String deadline) {
    }

    /** A paper that failed, where and why. */
    public record Failure(String paperId, String stage, String at, @Nullable String reason) {
    }

    /**
     * The verifier's queue (records of citation-verify-requests its group has not read), and the records
     * written to its request and result topics in the last hour.
     */
    public record Scholar(@Nullable Long queued, @Nullable Long requestsLastHour, @Nullable Long answersLastHour) {
    }

    /** Model spend of the papers that finished in the last hour, by agent and by tenant, from their summary.json. */
    public record Spend(double usdLastHour, Map<String, Double> byAgent, Map<String, Double> byTenant, int papers) {
    }

    /**
     * Everything the operator page shows; {@code kafkaProblem} says why the broker numbers are missing;
     * {@code incomplete} the latest papers written but not complete, each with its first shortfall as the reason.
     */
    public record Operations(String at, Map<String, Long> papersByState, List<Lag> lag, List<Waiting> waiting,
            List<Failure> failures, Scholar scholar, Spend spend, @Nullable String kafkaProblem,
            List<String> onlyInPrometheus, List<Failure> incomplete) {
    }

    static final List<String> ONLY_IN_PROMETHEUS = List.of(
            "stage duration percentiles (po_stage_duration_seconds)", "dead-lettered records (po_dead_letters_total)",
            "listener throughput, errors and latency", "model latency, retries and schema repairs",
            "the verifier's in-flight requests (po_scholar_verifier_active)", "JVM heap and CPU of each agent");

    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(5);
    private static final int MOST_FAILURES = 20;

    private final PaperViews views;
    private final BlobStore blobs;
    private final Admin admin;
    private final Clock clock;

    public OperationsView(PaperViews views, BlobStore blobs, Map<String, Object> kafka, Clock clock) {
        this.views = views;
        this.blobs = blobs;
        this.admin = Admin.create(kafka);
        this.clock = clock;
    }

    public Operations now() {
        Instant now = clock.instant();
        List<PaperViewState> papers = views.list(null, 0, Integer.MAX_VALUE).papers();
        Map<PaperState, Long> byState = new EnumMap<>(PaperState.class);
        for (PaperState state : PaperState.values()) {
            byState.put(state, 0L);
        }
        papers.forEach(view -> byState.merge(PaperState.valueOf(view.getState()), 1L, Long::sum));
        Map<String, Long> counts = new java.util.LinkedHashMap<>();
        byState.forEach((state, count) -> counts.put(state.name(), count));

        List<Waiting> waiting = papers.stream()
                .filter(view -> PaperState.AWAITING_APPROVAL.name().equals(view.getState()) && view.getApproval() != null)
                .map(view -> new Waiting(view.getPaperId(), view.getApproval().getStage(),
                        view.getApproval().getRequestedAt().toString(),
                        Duration.between(view.getApproval().getRequestedAt(), now).toSeconds(),
                        view.getApproval().getDeadline().toString()))
                .sorted(Comparator.comparingLong(Waiting::waitingSeconds).reversed()).toList();
        List<Failure> failures = latest(papers, PaperState.FAILED, PaperViewState::getFailureReason);
        List<Failure> incomplete = latest(papers, PaperState.INCOMPLETE,
                view -> view.getShortfalls().isEmpty() ? null : view.getShortfalls().getFirst());
        Spend spend = spend(papers, now.minus(Duration.ofHours(1)));

        List<Lag> lag = List.of();
        Scholar scholar = new Scholar(null, null, null);
        String problem = null;
        try {
            lag = lag();
            long queued = lag.stream().filter(one -> one.topic().equals(Topics.CITATION_VERIFY_REQUESTS.name()))
                    .mapToLong(Lag::records).max().orElse(0);
            Instant hourAgo = now.minus(Duration.ofHours(1));
            scholar = new Scholar(queued, recordsSince(Topics.CITATION_VERIFY_REQUESTS.name(), hourAgo),
                    recordsSince(Topics.CITATION_VERIFY_RESULTS.name(), hourAgo));
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            problem = "the broker did not answer: " + e.getClass().getSimpleName();
            log.warn("operations view: broker numbers unavailable: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problem = "interrupted";
        }
        return new Operations(now.toString(), counts, lag, waiting, failures, scholar, spend, problem,
                ONLY_IN_PROMETHEUS, incomplete);
    }

    /** The latest papers in a state, newest first, with a reason each. */
    private static List<Failure> latest(List<PaperViewState> papers, PaperState state,
            Function<PaperViewState, @Nullable String> reason) {
        return papers.stream().filter(view -> state.name().equals(view.getState()))
                .sorted(Comparator.comparing(PaperViewState::getUpdatedAt).reversed()).limit(MOST_FAILURES)
                .map(view -> new Failure(view.getPaperId(), view.getCurrentStage(), view.getUpdatedAt().toString(),
                        reason.apply(view)))
                .toList();
    }

    /** Records each consumer group has yet to read, per topic; the same numbers as kafka-consumer-groups. */
    private List<Lag> lag() throws ExecutionException, InterruptedException, TimeoutException {
        List<String> groups = admin.listConsumerGroups().all().get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                .stream().map(ConsumerGroupListing::groupId).sorted().toList();
        List<Lag> lags = new ArrayList<>();
        for (String group : groups) {
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata().get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            committed.forEach((partition, offset) -> {
                if (offset != null && !partition.topic().startsWith("__")) {
                    latest.put(partition, OffsetSpec.latest());
                }
            });
            if (latest.isEmpty()) {
                continue;
            }
            Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends = admin.listOffsets(latest).all()
                    .get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            Map<String, Long> byTopic = new TreeMap<>();
            ends.forEach((partition, end) -> byTopic.merge(partition.topic(),
                    Math.max(0, end.offset() - committed.get(partition).offset()), Long::sum));
            byTopic.forEach((topic, records) -> lags.add(new Lag(group, topic, records)));
        }
        return lags.stream().filter(one -> !one.topic().endsWith("-changelog") && !one.topic().endsWith("-repartition"))
                .toList();
    }

    /** Records appended to a topic since the instant: the offset at that time to the end, on every partition. */
    private @Nullable Long recordsSince(String topic, Instant since)
            throws ExecutionException, InterruptedException, TimeoutException {
        var description = admin.describeTopics(List.of(topic)).allTopicNames()
                .get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).get(topic);
        if (description == null) {
            return null;
        }
        Map<TopicPartition, OffsetSpec> atTime = new HashMap<>();
        Map<TopicPartition, OffsetSpec> atEnd = new HashMap<>();
        description.partitions().forEach(info -> {
            TopicPartition partition = new TopicPartition(topic, info.partition());
            atTime.put(partition, OffsetSpec.forTimestamp(since.toEpochMilli()));
            atEnd.put(partition, OffsetSpec.latest());
        });
        var from = admin.listOffsets(atTime).all().get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        var to = admin.listOffsets(atEnd).all().get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        long records = 0;
        for (var entry : to.entrySet()) {
            long start = from.get(entry.getKey()).offset();
            // -1: no record at or after the time, so none in the window
            records += start < 0 ? 0 : Math.max(0, entry.getValue().offset() - start);
        }
        return records;
    }

    private Spend spend(List<PaperViewState> papers, Instant since) {
        Map<String, Double> byAgent = new TreeMap<>();
        Map<String, Double> byTenant = new TreeMap<>();
        double total = 0;
        int counted = 0;
        for (PaperViewState view : papers) {
            if (!PaperState.valueOf(view.getState()).isWritten() || view.getUpdatedAt().isBefore(since)) {
                continue;
            }
            RunSummary.Usage llm = usage(view);
            if (llm == null) {
                continue;
            }
            counted++;
            total += llm.estimatedCostUsd();
            byTenant.merge(Tenants.of(view.getTenant()), llm.estimatedCostUsd(), Double::sum);
            llm.agents().forEach((agent, usage) -> byAgent.merge(agent, usage.estimatedCostUsd(), Double::sum));
        }
        return new Spend(total, byAgent, byTenant, counted);
    }

    private RunSummary.@Nullable Usage usage(PaperViewState view) {
        try {
            return new PaperOutputs(view.getArtifacts(), blobs).runSummary().map(RunSummary::llm).orElse(null);
        } catch (RuntimeException e) {
            log.debug("paper {}: summary.json unreadable for the operations view: {}", view.getPaperId(), e.toString());
            return null;
        }
    }

    @Override
    public void close() {
        admin.close(Duration.ofSeconds(2));
    }
}
