package dev.paperorchestra.runtime.gateway;

import dev.paperorchestra.gateway.usage.InMemoryUsageLedger;
import dev.paperorchestra.gateway.usage.LlmUsage;
import dev.paperorchestra.gateway.usage.PaperUsage;
import dev.paperorchestra.gateway.usage.UsageLedger;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.schemas.LlmCallRecordedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ledger of a deployment: every gateway writes each call to {@code llm-usage} and reads the whole topic
 * back, so a budget counts what every agent has spent on a paper, and the refine agent can sum a paper's calls
 * into summary.json. Calls are written at once, outside any transaction: the money is spent even when the
 * stage that paid it rolls back. A gateway counts its own calls immediately and skips them when they come
 * back from the topic.
 */
public final class KafkaUsageLedger implements UsageLedger, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(KafkaUsageLedger.class);
    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(10);
    /** How long one metadata request for the topic may wait for a broker. */
    static final Duration METADATA_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration FIRST_RETRY = Duration.ofMillis(200);
    /** The longest pause between two attempts to find the topic while no broker answers. */
    static final Duration MAX_RETRY = Duration.ofSeconds(30);

    private final InMemoryUsageLedger local = new InMemoryUsageLedger();
    private final String instanceId = UUID.randomUUID().toString();
    private final KafkaProducer<String, Object> producer;
    private final KafkaConsumer<String, SpecificRecord> consumer;
    /** Reads the topic's end offsets for {@link #awaitCaughtUp}; thread-safe, unlike the reader's consumer. */
    private final Admin admin;
    private final Map<TopicPartition, Long> positions = new HashMap<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread reader;
    private final Clock clock;
    private final KafkaClientProperties kafka;
    private final List<KafkaClientMetrics> clientMetrics = new ArrayList<>();
    private final Duration metadataTimeout;
    private final Duration maxRetry;
    /** Counted down on close: ends a pause between attempts to reach the broker at once. */
    private final CountDownLatch closing = new CountDownLatch(1);
    private final AtomicInteger failedLookups = new AtomicInteger();

    public KafkaUsageLedger(KafkaClientProperties kafka, String agent, Clock clock) {
        this(kafka, agent, clock, METADATA_TIMEOUT, MAX_RETRY);
    }

    /**
     * @param metadataTimeout how long one look-up of the topic's partitions waits for a broker
     * @param maxRetry        the longest pause between look-ups while no broker answers (doubling from 200 ms)
     */
    public KafkaUsageLedger(KafkaClientProperties kafka, String agent, Clock clock, Duration metadataTimeout,
            Duration maxRetry) {
        this.clock = clock;
        this.metadataTimeout = metadataTimeout;
        this.maxRetry = maxRetry;
        this.kafka = kafka;
        Map<String, Object> producerConfig = kafka.common();
        producerConfig.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        producerConfig.put(ProducerConfig.CLIENT_ID_CONFIG, agent + "-llm-usage");
        this.producer = new KafkaProducer<>(producerConfig, new StringSerializer(),
                EventSerdes.serializer(producerConfig));
        Map<String, Object> consumerConfig = kafka.common();
        consumerConfig.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        consumerConfig.put(ConsumerConfig.CLIENT_ID_CONFIG, agent + "-llm-usage-reader");
        consumerConfig.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
        this.consumer = new KafkaConsumer<>(consumerConfig, new StringDeserializer(),
                EventSerdes.deserializer(consumerConfig));
        Map<String, Object> adminConfig = kafka.common();
        adminConfig.put(ConsumerConfig.CLIENT_ID_CONFIG, agent + "-llm-usage-offsets");
        this.admin = Admin.create(adminConfig);
        this.reader = Thread.ofPlatform().daemon().name(agent + "-llm-usage-reader").unstarted(this::read);
        reader.start();
    }

    @Override
    public void record(LlmUsage usage) {
        local.record(usage);
        LlmCallRecordedEvent event = LlmCallRecordedEvent.newBuilder().setPaperId(usage.paperId())
                .setAgent(usage.agent()).setRole(usage.role()).setProvider(usage.provider()).setModel(usage.model())
                .setInputTokens(usage.inputTokens()).setCachedInputTokens(usage.cachedInputTokens())
                .setCacheWriteInputTokens(usage.cacheWriteInputTokens())
                .setOutputTokens(usage.outputTokens()).setBatch(usage.batch())
                .setCostUsd(usage.costUsd()).setCached(usage.cached()).setInstanceId(instanceId)
                .setRecordedAt(clock.instant()).build();
        // waited for, so a call is on the topic before the stage that paid for it commits its output
        try {
            producer.send(new ProducerRecord<>(Topics.LLM_USAGE.name(), usage.paperId(), (Object) event))
                    .get(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            log.warn("paper {}: could not write a model call to {}; other agents' budgets will not count it: {}",
                    usage.paperId(), Topics.LLM_USAGE.name(), e.toString());
        }
    }

    @Override
    public PaperUsage usage(String paperId) {
        return local.usage(paperId);
    }

    @Override
    public boolean awaitCaughtUp(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        producer.flush();
        Map<TopicPartition, Long> targets;
        try {
            targets = endOffsets(deadline);
        } catch (ExecutionException | TimeoutException e) {
            log.warn("cannot read the end offsets of {} ({}); the usage read so far is all there is",
                    Topics.LLM_USAGE.name(), e instanceof ExecutionException ? e.getCause().toString() : "timed out");
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        synchronized (positions) {
            while (!reached(targets)) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    positions.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return true;
        }
    }

    private boolean reached(Map<TopicPartition, Long> targets) {
        return targets.entrySet().stream().allMatch(e -> positions.getOrDefault(e.getKey(), 0L) >= e.getValue());
    }

    /**
     * The topic's end offsets now, asked of an admin client: a short-lived consumer per paper cost a connection and a
     * metadata round trip each time, and warned once per partition that it had none assigned.
     */
    private Map<TopicPartition, Long> endOffsets(long deadlineNanos)
            throws ExecutionException, TimeoutException, InterruptedException {
        String topic = Topics.LLM_USAGE.name();
        int partitions = admin.describeTopics(List.of(topic)).allTopicNames()
                .get(remainingMillis(deadlineNanos), TimeUnit.MILLISECONDS).get(topic).partitions().size();
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        for (int partition = 0; partition < partitions; partition++) {
            latest.put(new TopicPartition(topic, partition), OffsetSpec.latest());
        }
        Map<TopicPartition, Long> ends = new HashMap<>();
        admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_UNCOMMITTED)).all()
                .get(remainingMillis(deadlineNanos), TimeUnit.MILLISECONDS)
                .forEach((partition, info) -> ends.put(partition, info.offset()));
        return ends;
    }

    private static long remainingMillis(long deadlineNanos) {
        return Math.max(0, (deadlineNanos - System.nanoTime()) / 1_000_000);
    }

    private void read() {
        try {
            List<TopicPartition> partitions = awaitPartitions();
            if (partitions.isEmpty()) {
                return;
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            while (running.get()) {
                for (ConsumerRecord<String, SpecificRecord> record : consumer.poll(POLL)) {
                    if (record.value() instanceof LlmCallRecordedEvent event
                            && !event.getInstanceId().equals(instanceId)) {
                        local.record(new LlmUsage(event.getPaperId(), event.getAgent(), event.getRole(),
                                event.getProvider(), event.getModel(), event.getInputTokens(),
                                event.getCachedInputTokens(), event.getCacheWriteInputTokens(),
                                event.getOutputTokens(), event.getCostUsd(),
                                event.getCached(), event.getBatch()));
                    }
                }
                synchronized (positions) {
                    for (TopicPartition partition : partitions) {
                        positions.put(partition, consumer.position(partition));
                    }
                    positions.notifyAll();
                }
            }
        } catch (WakeupException e) {
            // closing
        } catch (RuntimeException e) {
            log.error("the llm-usage reader stopped; budgets count this instance's calls only: {}", e.toString());
        } finally {
            consumer.close();
        }
    }

    /**
     * The topic's partitions, asked until a broker answers with them: an agent often starts before its broker
     * (a late container, a broker restart), and a reader that gave up would leave every budget counting this
     * instance's calls only. Empty only when the ledger is closed first.
     */
    private List<TopicPartition> awaitPartitions() {
        Duration pause = FIRST_RETRY;
        boolean warned = false;
        while (running.get()) {
            String problem;
            try {
                List<PartitionInfo> infos = consumer.partitionsFor(Topics.LLM_USAGE.name(), metadataTimeout);
                if (infos != null && !infos.isEmpty()) {
                    if (warned) {
                        log.info("the llm-usage reader reached the broker; budgets count every agent's calls again");
                    }
                    return infos.stream().map(info -> new TopicPartition(info.topic(), info.partition())).toList();
                }
                problem = "the topic does not exist yet";
            } catch (WakeupException e) {
                throw e;
            } catch (KafkaException e) {
                // TimeoutException while no broker answers, or an authorization or network failure
                problem = e.toString();
            }
            failedLookups.incrementAndGet();
            if (!warned) {
                log.warn("the llm-usage reader cannot read {} yet ({}); it keeps trying, and until then budgets "
                        + "count this instance's calls only", Topics.LLM_USAGE.name(), problem);
                warned = true;
            }
            try {
                if (closing.await(pause.toMillis(), TimeUnit.MILLISECONDS)) {
                    break;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            pause = pause.multipliedBy(2).compareTo(maxRetry) > 0 ? maxRetry : pause.multipliedBy(2);
        }
        return List.of();
    }

    /** Look-ups of the topic's partitions that found no broker or no topic so far (while the reader waits). */
    public int failedLookups() {
        return failedLookups.get();
    }

    /** Binds the ledger's producer and reader metrics like every other Kafka client's. */
    public synchronized void bindMetrics(MeterRegistry registry) {
        for (KafkaClientMetrics metrics : List.of(new KafkaClientMetrics(producer), new KafkaClientMetrics(consumer))) {
            metrics.bindTo(registry);
            clientMetrics.add(metrics);
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            clientMetrics.forEach(KafkaClientMetrics::close);
            clientMetrics.clear();
        }
        running.set(false);
        closing.countDown();
        consumer.wakeup();
        producer.close(Duration.ofSeconds(5));
        admin.close(Duration.ofSeconds(5));
    }
}
