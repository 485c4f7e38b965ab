package dev.paperorchestra.runtime;

import dev.paperorchestra.runtime.approval.ApprovalGateProperties;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.BlobStoreProperties;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.S3BlobStore;
import dev.paperorchestra.runtime.cancel.CancelledPaperFilter;
import dev.paperorchestra.runtime.cancel.KafkaPaperCancellations;
import dev.paperorchestra.runtime.cancel.PaperCancellations;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.runtime.kafka.DeadLetterRecoverer;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.runtime.kafka.KafkaRuntimeProperties;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.StageAllowance;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.runtime.registry.SchemaRegistryProperties;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import dev.paperorchestra.runtime.streams.StreamsConfigFactory;
import dev.paperorchestra.schemas.topics.TopicLayout;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.annotation.EnableKafka;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.MicrometerConsumerListener;
import org.springframework.kafka.core.MicrometerProducerListener;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.kafka.listener.DefaultAfterRollbackProcessor;
import org.springframework.kafka.support.ExponentialBackOffWithMaxRetries;
import org.springframework.kafka.support.serializer.ErrorHandlingDeserializer;
import org.springframework.kafka.transaction.KafkaTransactionManager;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;

/**
 * What every agent gets by depending on agent-runtime: transactional consume-process-produce (idempotent,
 * transactional producers; read_committed consumers), bounded redelivery of retriable failures, dead letters
 * with the paper marked failed, topic creation from the catalog and the blob store ({@code LlmAutoConfiguration}
 * adds the LLM gateway). Every Kafka client it builds has its metrics bound to the meter registry; listeners
 * and templates are observed (timers, W3C trace context in record headers) and put the paper id in the
 * logging context ({@code AgentObservabilityAutoConfiguration} adds health, paper meters and tracing).
 */
@AutoConfiguration
@EnableKafka
@EnableConfigurationProperties({KafkaRuntimeProperties.class, BlobStoreProperties.class,
        SandboxProperties.class, SchemaRegistryProperties.class, LlmProperties.class, ApprovalGateProperties.class})
public class AgentRuntimeAutoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(AgentRuntimeAutoConfiguration.class);
    /**
     * At least the transactions one instance has open at once (one per listener thread); the producers stay in the
     * factory's cache for the listeners to use.
     */
    private static final int FENCED_TRANSACTIONAL_IDS = 8;

    private final String agentName;

    public AgentRuntimeAutoConfiguration(@Value("${spring.application.name}") String agentName) {
        this.agentName = agentName;
    }

    /** The stage an agent reports on paper-status: its name without the "-agent" suffix. */
    public static String stageOf(String agentName) {
        return agentName.endsWith("-agent") ? agentName.substring(0, agentName.length() - 6) : agentName;
    }

    @Bean
    @ConditionalOnMissingBean
    Clock clock() {
        return Clock.systemUTC();
    }

    /**
     * The sandbox of every external tool this agent runs; probed once at start, reported in the log. Where bubblewrap
     * is required and cannot run while a tool it would confine is installed, the process does not start
     * ({@link Sandbox#requireUsable()}): it never becomes ready, and the reason is its last log line.
     */
    @Bean
    @ConditionalOnMissingBean
    Sandbox sandbox(SandboxProperties properties) {
        Sandbox sandbox = Sandbox.detect(properties);
        sandbox.requireUsable();
        return sandbox;
    }

    @Bean
    @ConditionalOnMissingBean
    TopicLayout topicLayout(KafkaRuntimeProperties kafka) {
        return TopicLayout.withPartitions(kafka.partitions());
    }

    @Bean
    @ConditionalOnMissingBean
    BlobStore blobStore(BlobStoreProperties properties) {
        return switch (properties.type()) {
            case LOCAL -> new LocalBlobStore(properties.root());
            case S3 -> S3BlobStore.connect(properties.s3(), DefaultCredentialsProvider.builder().build());
        };
    }

    /**
     * The brokers, po.kafka.properties.* and the schema registry settings: the start of every Kafka client's
     * configuration, from which {@link EventSerdes} builds each client's serde.
     */
    @Bean
    KafkaClientProperties kafkaClientProperties(KafkaRuntimeProperties kafka, SchemaRegistryProperties registry) {
        return kafka.client().with(registry.clientProperties());
    }

    /**
     * The stage budget of this agent: one setting for how long a paper may hold a partition, from which poll
     * intervals and transaction timeouts follow (so they can never contradict each other).
     */
    @Bean(destroyMethod = "close")
    StageBudget stageBudget(KafkaRuntimeProperties kafka, LlmProperties llm, ObjectProvider<StageAllowance> allowances) {
        StageBudget budget = StageBudget.of(kafka.stageBudget(), StageBudget.modelRequest(llm.timeout(),
                llm.retry().maxAttempts(), llm.retry().maxBackoff()), allowances.orderedStream().toList(),
                stageOf(agentName));
        log.info("{}", budget);
        return budget;
    }

    @Bean
    ProducerFactory<String, Object> kafkaProducerFactory(KafkaClientProperties kafka, KafkaRuntimeProperties runtime,
            StageBudget budget, ObjectProvider<MeterRegistry> registry) {
        Map<String, Object> config = kafka.common();
        config.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, (int) budget.transactionTimeout().toMillis());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        config.put(ProducerConfig.RETRY_BACKOFF_MS_CONFIG, KafkaClientProperties.TRANSACTION_RETRY_BACKOFF_MS);
        DefaultKafkaProducerFactory<String, Object> factory = new DefaultKafkaProducerFactory<>(config,
                new StringSerializer(), EventSerdes.serializer(config));
        factory.setTransactionIdPrefix(transactionIdPrefix(agentName, runtime.instanceId()));
        registry.ifAvailable(meters -> factory.addListener(new MicrometerProducerListener<>(meters)));
        return factory;
    }

    /**
     * Unique per instance, since replicas of one agent must never share a transactional id; stable across restarts
     * when the instance is named, so a restarted instance fences what its killed predecessor left open.
     */
    static String transactionIdPrefix(String agentName, @Nullable String instanceId) {
        String instance = instanceId != null ? instanceId : UUID.randomUUID().toString().substring(0, 8);
        return agentName + "-" + instance + "-tx-";
    }

    /**
     * For a named instance, opens its first transactional producers once at start: initialising a transactional id
     * aborts what a killed predecessor of the same name left open, so its partitions are readable again now rather
     * than after the transaction timeout. Producers are opened all at once so each takes its own id suffix.
     */
    @Bean
    ApplicationRunner fencePredecessorTransactions(ProducerFactory<String, Object> producerFactory,
            KafkaRuntimeProperties runtime) {
        return arguments -> {
            if (runtime.instanceId() == null) {
                return;
            }
            List<Producer<String, Object>> producers = new ArrayList<>();
            try {
                for (int i = 0; i < FENCED_TRANSACTIONAL_IDS; i++) {
                    producers.add(producerFactory.createProducer());
                }
                log.info("instance {}: {} transactional ids initialised; transactions a predecessor left open are "
                        + "aborted", runtime.instanceId(), producers.size());
            } catch (RuntimeException e) {
                log.warn("instance {}: could not initialise its transactional ids at start ({}); a predecessor's open "
                        + "transaction ends with its timeout", runtime.instanceId(), e.getMessage());
            } finally {
                producers.forEach(Producer::close);
            }
        };
    }

    @Bean
    KafkaTemplate<String, Object> kafkaTemplate(ProducerFactory<String, Object> producerFactory) {
        KafkaTemplate<String, Object> template = new KafkaTemplate<>(producerFactory);
        template.setObservationEnabled(true);
        return template;
    }

    @Bean
    KafkaTransactionManager<String, Object> kafkaTransactionManager(ProducerFactory<String, Object> producerFactory) {
        return new KafkaTransactionManager<>(producerFactory);
    }

    @Bean
    ConsumerFactory<String, SpecificRecord> kafkaConsumerFactory(KafkaClientProperties kafka,
            KafkaRuntimeProperties runtime, StageBudget budget, ObjectProvider<MeterRegistry> registry) {
        Map<String, Object> config = kafka.common();
        config.put(ConsumerConfig.GROUP_ID_CONFIG, agentName);
        // every listener: a record is worked on for at most the stage budget, so a poll never outlives this
        config.put(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, (int) budget.maxPollInterval().toMillis());
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        if (!runtime.consumerInterceptors().isEmpty()) {
            config.put(ConsumerConfig.INTERCEPTOR_CLASSES_CONFIG, String.join(",", runtime.consumerInterceptors()));
        }
        // a record that cannot be read reaches the error handler (and its dead-letter topic) instead of
        // failing every poll
        DefaultKafkaConsumerFactory<String, SpecificRecord> factory = new DefaultKafkaConsumerFactory<>(config,
                new StringDeserializer(), new ErrorHandlingDeserializer<>(EventSerdes.deserializer(config)));
        registry.ifAvailable(meters -> factory.addListener(new MicrometerConsumerListener<>(meters)));
        return factory;
    }

    @Bean
    EventPublisher eventPublisher(KafkaTemplate<String, Object> kafkaTemplate) {
        return new EventPublisher(kafkaTemplate);
    }

    @Bean
    PaperStatusPublisher paperStatusPublisher(EventPublisher eventPublisher, KafkaClientProperties kafka,
            Clock clock, RecordTracing tracing, ObjectProvider<MeterRegistry> registry) {
        Map<String, Object> config = kafka.common();
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        DefaultKafkaProducerFactory<String, Object> factory = new DefaultKafkaProducerFactory<>(config,
                new StringSerializer(), EventSerdes.serializer(config));
        registry.ifAvailable(meters -> factory.addListener(new MicrometerProducerListener<>(meters)));
        return new PaperStatusPublisher(eventPublisher, new KafkaTemplate<>(factory, true), agentName, clock,
                tracing);
    }

    @Bean
    DefaultAfterRollbackProcessor<String, SpecificRecord> afterRollbackProcessor(KafkaRuntimeProperties kafka,
            KafkaTemplate<String, Object> kafkaTemplate, PaperStatusPublisher status, PaperMetrics metrics,
            RecordTracing tracing) {
        ExponentialBackOffWithMaxRetries backOff = new ExponentialBackOffWithMaxRetries(kafka.deliveryAttempts() - 1);
        backOff.setInitialInterval(kafka.retryBackoff().toMillis());
        backOff.setMultiplier(2.0);
        DefaultAfterRollbackProcessor<String, SpecificRecord> processor = new DefaultAfterRollbackProcessor<>(
                new DeadLetterRecoverer(kafkaTemplate, status, stageOf(agentName), metrics, tracing), backOff,
                kafkaTemplate, true);
        processor.addNotRetryableExceptions(PermanentException.class);
        return processor;
    }

    /** Closed on shutdown through its {@code close()}. */
    @Bean
    @ConditionalOnMissingBean
    PaperCancellations paperCancellations(KafkaClientProperties kafka) {
        return new KafkaPaperCancellations(kafka.common(), agentName);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, SpecificRecord> kafkaListenerContainerFactory(
            ConsumerFactory<String, SpecificRecord> consumerFactory,
            KafkaTransactionManager<String, Object> transactionManager,
            DefaultAfterRollbackProcessor<String, SpecificRecord> afterRollbackProcessor, KafkaRuntimeProperties kafka,
            PaperCancellations cancellations) {
        return agentListeners(consumerFactory, transactionManager, afterRollbackProcessor, kafka, cancellations);
    }

    /** Every agent's listeners of slow per-record work: see {@link ListenerFactories#ONE_RECORD}. */
    @Bean(ListenerFactories.ONE_RECORD)
    ConcurrentKafkaListenerContainerFactory<String, SpecificRecord> oneRecordListenerContainerFactory(
            ConsumerFactory<String, SpecificRecord> consumerFactory,
            KafkaTransactionManager<String, Object> transactionManager,
            DefaultAfterRollbackProcessor<String, SpecificRecord> afterRollbackProcessor, KafkaRuntimeProperties kafka,
            PaperCancellations cancellations) {
        return ListenerFactories.consumerProperties(agentListeners(consumerFactory, transactionManager,
                afterRollbackProcessor, kafka, cancellations), Map.of(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1));
    }

    /** The wiring every agent listener shares: transactions, dead letters, cancellations, concurrency. */
    private static ConcurrentKafkaListenerContainerFactory<String, SpecificRecord> agentListeners(
            ConsumerFactory<String, SpecificRecord> consumerFactory,
            KafkaTransactionManager<String, Object> transactionManager,
            DefaultAfterRollbackProcessor<String, SpecificRecord> afterRollbackProcessor, KafkaRuntimeProperties kafka,
            PaperCancellations cancellations) {
        var factory = ListenerFactories.transactional(consumerFactory, transactionManager, afterRollbackProcessor,
                cancellations, false);
        factory.setConcurrency(kafka.listenerConcurrency());
        return factory;
    }

    @Bean
    KafkaAdmin kafkaAdmin(KafkaRuntimeProperties kafka) {
        KafkaAdmin admin = new KafkaAdmin(kafka.client().common());
        admin.setAutoCreate(kafka.createTopics());
        admin.setFatalIfBrokerNotAvailable(true);
        return admin;
    }

    @Bean
    KafkaAdmin.NewTopics catalogTopics(TopicLayout catalog) {
        NewTopic[] topics = catalog.definitions().stream().map(definition -> {
            TopicBuilder builder = TopicBuilder.name(definition.name()).partitions(definition.partitions());
            if (definition.compacted()) {
                builder.config(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT);
            }
            return builder.build();
        }).toArray(NewTopic[]::new);
        return new KafkaAdmin.NewTopics(topics);
    }

    @Bean
    StreamsConfigFactory streamsConfigFactory(KafkaRuntimeProperties kafka, KafkaClientProperties client,
            StageBudget budget) {
        return new StreamsConfigFactory(kafka, client, budget, agentName);
    }

    @Bean
    AgentIdentity agentIdentity() {
        return new AgentIdentity(agentName, stageOf(agentName));
    }
}
