package dev.paperorchestra.literature;

import dev.paperorchestra.literature.collect.CitationPoolOffer;
import dev.paperorchestra.literature.collect.LiteratureAssembler;
import dev.paperorchestra.literature.collect.LiteratureCollector;
import dev.paperorchestra.literature.collect.LiteratureDrafting;
import dev.paperorchestra.literature.discovery.DiscoveryKind;
import dev.paperorchestra.literature.discovery.DiscoveryPlan;
import dev.paperorchestra.literature.discovery.DiscoverySource;
import dev.paperorchestra.literature.discovery.ModelDiscovery;
import dev.paperorchestra.literature.discovery.OpenAlexDiscovery;
import dev.paperorchestra.literature.discovery.RecallDiscovery;
import dev.paperorchestra.literature.discovery.OfflineReplayDiscovery;
import dev.paperorchestra.literature.discovery.S2BulkDiscovery;
import dev.paperorchestra.literature.discovery.SearchWorker;
import dev.paperorchestra.literature.drafting.ModelLiteratureDrafter;
import dev.paperorchestra.literature.drafting.OfflineLiteratureDrafter;
import dev.paperorchestra.literature.plan.DiscoveryPlanner;
import dev.paperorchestra.literature.replay.JobScholarRecords;
import dev.paperorchestra.literature.replay.ScholarReplayStore;
import dev.paperorchestra.literature.scholarly.PacedHttp;
import dev.paperorchestra.literature.scholarly.RequestSpacer;
import dev.paperorchestra.literature.verify.CitationAcceptance;
import dev.paperorchestra.literature.verify.CitationVerifier;
import dev.paperorchestra.literature.verify.OfflineScholarReplay;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.runtime.streams.KafkaStreamsService;
import dev.paperorchestra.runtime.cancel.PaperCancellations;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.runtime.streams.PaperAggregationRunner;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.state.LiteratureCollectionState;
import dev.paperorchestra.schemas.topics.Topics;
import dev.paperorchestra.literature.verify.ScholarSources;
import dev.paperorchestra.literature.verify.s2.SemanticScholarClient;
import dev.paperorchestra.literature.verify.s2.SemanticScholarSettings;
import dev.paperorchestra.base.http.Sleeper;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.runtime.kafka.DeadLetterRecoverer;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.DefaultAfterRollbackProcessor;
import org.springframework.kafka.transaction.KafkaTransactionManager;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

/**
 * Wires the literature domain services and runs the collector's stream topology (gathering only; drafting runs
 * in the literature-draft-requests listener).
 */
@Configuration(proxyBeanMethods = false)
class LiteratureAgentConfiguration {

    static final String COLLECTOR = "literature-collector";
    private static final Logger log = LoggerFactory.getLogger(LiteratureAgentConfiguration.class);

    @Bean
    JobScholarRecords jobScholarRecords(LiteratureAgentProperties properties, BlobStore blobs) {
        ScholarReplayStore deployment = ScholarReplayStore.load(properties.replayFiles());
        if (deployment.isEmpty()) {
            log.info("no deployment-wide scholar records (po.literature.replay-files): offline jobs cite from the"
                    + " scholar_records.json of their materials");
        }
        return new JobScholarRecords(deployment, blobs);
    }

    @Bean
    DiscoveryPlanner literaturePlanner(BlobStore blobs) {
        return new DiscoveryPlanner(blobs);
    }

    @Bean
    SearchWorker searchWorker(JobScholarRecords records, LlmGateway gateway, AgentIdentity identity,
            LiteratureAgentProperties properties, Clock clock, ObjectProvider<MeterRegistry> registry) {
        int perQuery = properties.candidatesPerQuery();
        LiteratureAgentProperties.OpenAlex openalex = properties.openalex();
        MeterRegistry meters = registry.getIfAvailable(SimpleMeterRegistry::new);
        // one spacer for both: model and offline jobs spend the same key's budget
        PacedHttp openAlexHttp = new PacedHttp("OpenAlex", openalex.timeout(),
                RequestSpacer.system("openalex", openalex.requestSpacing()), new PacedHttp.Retry(openalex.maxAttempts(),
                        openalex.retryBackoff(), openalex.maxBackoff()), Sleeper.SYSTEM, clock,
                (endpoint, status) -> meters.counter("po.openalex.requests", "endpoint", endpoint, "status", status)
                        .increment());
        OpenAlexDiscovery openAlexDiscovery = new OpenAlexDiscovery(openalex.effectiveBaseUrl(), openalex.apiKey(),
                openalex.mailto(), openalex.timeout(), perQuery, openAlexHttp);
        S2BulkDiscovery s2Bulk = new S2BulkDiscovery();
        DiscoverySource model = DiscoveryPlan.model(properties.discoverySources(), kind -> switch (kind) {
            case SEARCHER -> new ModelDiscovery(gateway, identity.name(), perQuery);
            case RECALL -> new RecallDiscovery(gateway, identity.name(), perQuery);
            case OPENALEX -> openAlexDiscovery;
            case S2_BULK -> s2Bulk;
        });
        DiscoverySource explicitOpenAlex = openalex.explicit() ? openAlexDiscovery : null;
        // offline jobs are verified against Semantic Scholar only when its endpoint was given explicitly
        DiscoverySource explicitS2Bulk = properties.s2().explicit()
                && properties.discoverySources().contains(DiscoveryKind.S2_BULK) ? s2Bulk : null;
        Function<@Nullable ArtifactRef, DiscoverySource> offline = jobRecords -> {
            ScholarReplayStore store = records.forJob(jobRecords);
            return DiscoveryPlan.offline(new OfflineReplayDiscovery(store, perQuery), !store.isEmpty(),
                    explicitOpenAlex, explicitS2Bulk);
        };
        log.info("discovery: offline jobs from {}, model jobs from {}", offline.apply(null).name(), model.name());
        return new SearchWorker(offline, model);
    }

    @Bean
    LiteratureMetrics literatureMetrics(ObjectProvider<MeterRegistry> registry,
            KafkaListenerEndpointRegistry listeners) {
        MeterRegistry meters = registry.getIfAvailable(SimpleMeterRegistry::new);
        VerifierGauges.register(meters, listeners, CitationVerifyListener.ID);
        return new LiteratureMetrics(meters);
    }

    @Bean(destroyMethod = "close")
    KafkaScholarCache kafkaScholarCache(KafkaClientProperties kafka, AgentIdentity identity, Clock clock,
            ObjectProvider<MeterRegistry> registry) {
        KafkaScholarCache cache = new KafkaScholarCache(kafka, identity.name() + "-scholar-cache", clock);
        registry.ifAvailable(cache::bindMetrics);
        return cache;
    }


    @Bean(destroyMethod = "close")
    FreezeWatch verifierFreezeWatch(LiteratureAgentProperties properties) {
        return FreezeWatch.started(properties.verifierSessionTimeout());
    }

    @Bean
    CitationVerifier citationVerifier(JobScholarRecords records, KafkaScholarCache cache,
            LiteratureAgentProperties properties, Clock clock, FreezeWatch freezeWatch,
            ObjectProvider<MeterRegistry> registry) {
        LiteratureAgentProperties.SemanticScholar s2 = properties.s2();
        SemanticScholarSettings settings = new SemanticScholarSettings(URI.create(s2.effectiveBaseUrl()),
                s2.apiKey(), s2.maxAttempts(), s2.retryBackoff(), s2.maxBackoff(), s2.timeout());
        // every request, retries included, is refused once the process stood still long enough to lose the poll
        RequestSpacer spacer = RequestSpacer.system("semantic-scholar", s2.requestSpacing(), freezeWatch::checkPoll);
        SemanticScholarClient client = new SemanticScholarClient(settings, spacer, Sleeper.SYSTEM, clock,
                registry.getIfAvailable(SimpleMeterRegistry::new));
        log.info("verifier: Semantic Scholar at {} ({}), one request per {}; offline jobs use {}",
                settings.baseUrl(), s2.apiKey().isBlank() ? "no API key" : "with API key", s2.requestSpacing(),
                s2.explicit() ? "it too" : "the offline replay store");
        return new CitationVerifier(new ScholarSources(
                jobRecords -> new OfflineScholarReplay(records.forJob(jobRecords)), client, s2.explicit()), cache,
                new CitationAcceptance(properties.titleSimilarityThreshold(), properties.yearBonus()),
                properties.idBatchSize(), new CitationVerifier.SearchLimits(s2.bulkRecordsPerSearch(),
                        s2.bulkMaxPages()));
    }

    /** The verifier's back-off while Semantic Scholar does not answer (see {@link CitationVerifyListener}). */
    @Bean
    ScholarOutage verifierOutage(LiteratureAgentProperties properties, Clock clock, VerifierPause verifierPause,
            PaperStatusPublisher status, AgentIdentity identity) {
        LiteratureAgentProperties.SemanticScholar s2 = properties.s2();
        Duration cap = s2.outageMaxBackoff().compareTo(s2.outageBackoff()) < 0 ? s2.outageBackoff()
                : s2.outageMaxBackoff();
        return new ScholarOutage(s2.outageBackoff(), cap, clock, () -> ThreadLocalRandom.current().nextDouble(),
                verifierPause, (paperId, message) -> status.notice(paperId, identity.stage(), message));
    }

    @Bean(destroyMethod = "close")
    VerifierPause.ContainerPause verifierPause(ObjectProvider<KafkaListenerEndpointRegistry> registry) {
        return new VerifierPause.ContainerPause(registry);
    }

    /**
     * The verifier's listener takes what is queued in one poll, so several papers share id batches. One consumer
     * per instance: the single partition has one active verifier, the other instances stand by. The poll is
     * bounded so one batch of title look-ups at 1 request/s stays far inside max.poll.interval.ms; the short
     * session timeout bounds the failover to a standby when the active verifier dies or freezes.
     */
    @Bean(CitationVerifyListener.CONTAINER_FACTORY)
    ConcurrentKafkaListenerContainerFactory<String, SpecificRecord> verifierContainerFactory(
            ConsumerFactory<String, SpecificRecord> consumerFactory,
            KafkaTransactionManager<String, Object> transactionManager,
            DefaultAfterRollbackProcessor<String, SpecificRecord> afterRollbackProcessor,
            PaperCancellations cancellations, LiteratureAgentProperties properties) {
        var factory = ListenerFactories.transactional(consumerFactory, transactionManager, afterRollbackProcessor,
                cancellations, true);
        factory.setConcurrency(1);
        long sessionTimeout = properties.verifierSessionTimeout().toMillis();
        return ListenerFactories.consumerProperties(factory, Map.of(
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 50,
                ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, sessionTimeout,
                ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, sessionTimeout / 3));
    }

    @Bean
    DeadLetterRecoverer verifierDeadLetters(KafkaTemplate<String, Object> kafkaTemplate, PaperStatusPublisher status,
            AgentIdentity identity, PaperMetrics metrics, RecordTracing tracing) {
        return new DeadLetterRecoverer(kafkaTemplate, status, identity.stage(), metrics, tracing);
    }

    /** Drafting of a collected paper; runs in {@link LiteratureDraftRequestListener}, never in Streams. */
    @Bean
    CitationPoolOffer citationPoolOffer(BlobStore blobs) {
        return new CitationPoolOffer(blobs);
    }

    @Bean
    LiteratureDrafting literatureDrafting(BlobStore blobs, LlmGateway gateway, AgentIdentity identity,
            LiteratureAgentProperties properties, Clock clock) {
        LiteratureAssembler assembler = new LiteratureAssembler(blobs,
                new OfflineLiteratureDrafter(properties.minCitationShare()),
                new ModelLiteratureDrafter(gateway, identity.name(), properties.minCitationShare(),
                        properties.maxRedrafts()));
        return new LiteratureDrafting(assembler, identity.name(), identity.stage(), clock);
    }

    /** The collector only gathers and decides: it emits a draft request once a paper's literature is in. */
    @Bean
    KafkaStreamsService literatureCollectorStreams(PaperAggregationRunner aggregations, Clock clock) {
        return aggregations.service(COLLECTOR,
                List.of(Topics.LITERATURE_CANDIDATES.name(), Topics.CITATION_VERIFY_RESULTS.name()),
                LiteratureCollectionState.class, new LiteratureCollector(clock));
    }
}
