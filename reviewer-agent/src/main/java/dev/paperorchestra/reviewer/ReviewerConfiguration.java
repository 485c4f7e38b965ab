package dev.paperorchestra.reviewer;

import dev.paperorchestra.reviewer.panel.PanelBindings;
import dev.paperorchestra.reviewer.panel.PanelMember;
import dev.paperorchestra.reviewer.review.ModelReviewer;
import dev.paperorchestra.reviewer.review.OfflineReviewer;
import dev.paperorchestra.reviewer.review.PageChunks;
import dev.paperorchestra.reviewer.review.PanelMetrics;
import dev.paperorchestra.reviewer.review.ReviewPageImages;
import dev.paperorchestra.reviewer.review.ReviewService;
import dev.paperorchestra.reviewer.revision.RevisionRescore;
import dev.paperorchestra.reviewer.rubric.Rubric;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.kafka.StageAllowance;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.core.DefaultLlmGateway;
import dev.paperorchestra.gateway.core.RoleBinding;
import dev.paperorchestra.gateway.usage.LlmMetrics;
import dev.paperorchestra.runtime.metrics.TenantLabels;
import dev.paperorchestra.gateway.usage.UsageLedger;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import dev.paperorchestra.reviewer.fanout.PanelGatherer;
import dev.paperorchestra.reviewer.fanout.PanelMemberDeadLetters;
import dev.paperorchestra.runtime.cancel.PaperCancellations;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.runtime.kafka.DeadLetterRecoverer;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.KafkaRuntimeProperties;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.runtime.streams.KafkaStreamsService;
import dev.paperorchestra.runtime.streams.PaperAggregationRunner;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import dev.paperorchestra.schemas.state.PanelCollectionState;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.DefaultAfterRollbackProcessor;
import org.springframework.kafka.support.ExponentialBackOffWithMaxRetries;
import org.springframework.kafka.transaction.KafkaTransactionManager;

/** The reviewer's domain service, built from the runtime's blob store and model gateway. */
@Configuration(proxyBeanMethods = false)
class ReviewerConfiguration {

    private static final Logger log = LoggerFactory.getLogger(ReviewerConfiguration.class);

    /** The re-score of revisions from human reviews (revision-edits). */
    @Bean
    RevisionRescore revisionRescore(BlobStore blobs) {
        return new RevisionRescore(blobs);
    }

    @Bean
    Rubric reviewRubric(ReviewerAgentProperties properties) {
        return Rubric.load(properties.rubric());
    }

    /**
     * The panel's seats are reviewed one after another in one stage attempt: the budget must allow each seat's
     * model request with its retries, not only the first one's.
     */
    @Bean
    StageAllowance panelSeats(ReviewerAgentProperties properties, LlmProperties llm) {
        int others = properties.seats() - 1;
        return new StageAllowance("the reviewer panel's other " + others + " model request(s) (po.reviewer.panel / "
                + "po.reviewer.panel-size)", StageBudget.modelRequest(llm.timeout(), llm.retry().maxAttempts(),
                        llm.retry().maxBackoff()).multipliedBy(others));
    }

    @Bean
    ReviewService reviewService(BlobStore blobs, LlmGateway gateway, AgentIdentity identity,
            ReviewerAgentProperties properties, Rubric rubric, LlmProperties llm, UsageLedger usage,
            ObjectProvider<MeterRegistry> registry, ObjectProvider<PaperCancellations> cancellations,
            ObjectProvider<TenantLabels> tenants) {
        List<ModelReviewer.Seat> seats = properties.panel().isEmpty()
                ? ModelReviewer.sameModelSeats(gateway, new ModelReviewer.Settings(properties.format(),
                        properties.temperature(), properties.panelSize(), properties.temperatureSpread()))
                : memberSeats(properties, llm, blobs, usage, identity.name(),
                        registry.getIfAvailable(SimpleMeterRegistry::new),
                        tenants.getIfAvailable(() -> TenantLabels.NONE), cancellations.getIfAvailable(() -> PaperCancellations.NONE));
        ModelReviewer model = new ModelReviewer(identity.name(), properties.format(), rubric, seats,
                properties.quorum(), properties.disagreementSpread(),
                new ReviewPageImages(properties.pageImages(), properties.pageImageDpi()), chunks(properties));
        return new ReviewService(blobs, new OfflineReviewer(), model, properties.format(),
                new PanelMetrics(registry.getIfAvailable(SimpleMeterRegistry::new)));
    }

    static PageChunks chunks(ReviewerAgentProperties properties) {
        return new PageChunks(properties.pagesPerChunk(), properties.maxChunks(), properties.pageImages(),
                properties.pageImageDpi());
    }

    /**
     * A long draft is read in up to {@code max-chunks} requests per reviewer, one after another in one stage
     * attempt (a panel member's own listener, or the single reviewer's).
     */
    @Bean
    StageAllowance chunkedReading(ReviewerAgentProperties properties, LlmProperties llm) {
        int others = chunks(properties).maxRequests() - 1;
        return new StageAllowance("the other " + others + " page chunk(s) of a long draft (po.reviewer.chunk-pages / "
                + "po.reviewer.max-chunks)", StageBudget.modelRequest(llm.timeout(), llm.retry().maxAttempts(),
                        llm.retry().maxBackoff()).multipliedBy(others));
    }

    static final String PANEL_GATHERER = "reviewer-panel-gatherer";

    /**
     * The panel members' listener: transactional and one record per poll like every slow listener, with its own
     * recoverer, so a member whose provider fails past its delivery attempts is dead-lettered and reported failed
     * instead of failing the paper (the same delivery attempts and back-off as every other listener). Only with a
     * panel configured, like the listener.
     */
    @Bean(PanelMemberListener.CONTAINER_FACTORY)
    @Conditional(PanelConfigured.class)
    ConcurrentKafkaListenerContainerFactory<String, SpecificRecord> panelMemberListenerContainerFactory(
            ConsumerFactory<String, SpecificRecord> consumerFactory,
            KafkaTransactionManager<String, Object> transactionManager, KafkaRuntimeProperties kafka,
            KafkaTemplate<String, Object> kafkaTemplate, EventPublisher publisher, PaperStatusPublisher status,
            PaperMetrics metrics, RecordTracing tracing, AgentIdentity identity, PaperCancellations cancellations) {
        ExponentialBackOffWithMaxRetries backOff = new ExponentialBackOffWithMaxRetries(kafka.deliveryAttempts() - 1);
        backOff.setInitialInterval(kafka.retryBackoff().toMillis());
        backOff.setMultiplier(2.0);
        PanelMemberDeadLetters recoverer = new PanelMemberDeadLetters(kafkaTemplate,
                new DeadLetterRecoverer(kafkaTemplate, status, identity.stage(), metrics, tracing), publisher, status,
                metrics, identity.stage());
        DefaultAfterRollbackProcessor<String, SpecificRecord> processor = new DefaultAfterRollbackProcessor<>(
                recoverer, backOff, kafkaTemplate, true);
        processor.addNotRetryableExceptions(PermanentException.class);
        var factory = ListenerFactories.transactional(consumerFactory, transactionManager, processor, cancellations,
                false);
        factory.setConcurrency(kafka.listenerConcurrency());
        return ListenerFactories.consumerProperties(factory, Map.of(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1));
    }

    /**
     * Gathers the members' outcomes into the panel's review (Kafka Streams: it only gathers and decides). Only with a
     * panel configured: nothing else writes to its topic.
     */
    @Bean
    @Conditional(PanelConfigured.class)
    KafkaStreamsService reviewerPanelGatherer(ReviewService reviews, AgentIdentity identity, Clock clock,
            PaperAggregationRunner aggregations) {
        return aggregations.service(PANEL_GATHERER, List.of(Topics.PANEL_MEMBER_REVIEWS.name()),
                PanelCollectionState.class, new PanelGatherer(reviews, identity.name(), identity.stage(), clock));
    }

    /**
     * One gateway per member, whose reviewer role is the member's provider and model: the same cache, ledger
     * (budgets count every member) and metrics as the agent's gateway; a bulkhead of its own per member.
     */
    static List<ModelReviewer.Seat> memberSeats(ReviewerAgentProperties properties, LlmProperties llm,
            BlobStore blobs, UsageLedger usage, String agent, MeterRegistry registry, TenantLabels tenants,
            PaperCancellations cancellations) {
        LlmMetrics metrics = new LlmMetrics(registry, tenants);
        List<ModelReviewer.Seat> seats = new ArrayList<>();
        for (int i = 0; i < properties.panel().size(); i++) {
            PanelMember member = properties.panel().get(i);
            RoleBinding binding = PanelBindings.binding(llm, member, System::getenv);
            String name = "reviewer " + (i + 1) + ": " + binding.endpoint().providerName() + "/" + binding.model()
                    + " (" + member.focus().label() + ")";
            binding.problem().ifPresentOrElse(problem -> log.warn("{}: panel {}: {}", agent, name, problem),
                    () -> log.info("{}: panel {}", agent, name));
            metrics.register(agent, "reviewer", binding.endpoint().providerName(), binding.model());
            LlmGateway gateway = DefaultLlmGateway.create(llm, Map.of(LlmRole.REVIEWER, binding), blobs, usage,
                    metrics, cancellations);
            seats.add(new ModelReviewer.Seat(name, gateway, member.focus(),
                    member.temperature() != null ? member.temperature() : properties.temperature()));
        }
        return seats;
    }
}
