package dev.paperorchestra.runtime.gateway;

import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.batch.BatchIntent;
import dev.paperorchestra.gateway.batch.BatchJournal;
import dev.paperorchestra.gateway.batch.SentBatch;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.schemas.LlmBatchItem;
import dev.paperorchestra.schemas.LlmBatchJournaledEvent;
import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An agent's sent batches on {@code llm-batches}, keyed {@code agent/localId} ({@code agent/batchId} for batches
 * journaled before intents were): written as an intent before a batch is sent, when the provider accepts it and
 * again when it ends, so that an agent that restarts reads back the batches it has not seen end and polls
 * them again. Compacted, so a batch that waits a day outlives any retention. Each write is waited for: a batch is
 * journaled before any of its answers is filed.
 */
public final class KafkaBatchJournal implements BatchJournal, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(KafkaBatchJournal.class);
    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(10);
    /** How long reading the topic back at start may take before the agent starts without it. */
    static final Duration READ_TIMEOUT = Duration.ofSeconds(30);

    private final KafkaProducer<String, Object> producer;
    private final KafkaClientProperties kafka;
    private final String agent;

    public KafkaBatchJournal(KafkaClientProperties kafka, String agent) {
        this.kafka = kafka;
        this.agent = agent;
        Map<String, Object> config = kafka.common();
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.CLIENT_ID_CONFIG, agent + "-llm-batches");
        this.producer = new KafkaProducer<>(config, new StringSerializer(), EventSerdes.serializer(config));
    }

    @Override
    public void submitting(BatchIntent intent) {
        write(intent.localId(), event(intent.endpoint(), intent.items()).setBatchId("")
                .setSubmittedAt(intent.createdAt()).setExpiresAt(null).setLocalId(intent.localId())
                .setSubmitting(true).setEnded(false).build());
    }

    @Override
    public void submitted(SentBatch batch) {
        write(batch, false);
    }

    @Override
    public void abandoned(BatchIntent intent) {
        write(intent.localId(), event(intent.endpoint(), intent.items()).setBatchId("")
                .setSubmittedAt(intent.createdAt()).setExpiresAt(null).setLocalId(intent.localId())
                .setSubmitting(true).setEnded(true).build());
    }

    @Override
    public void ended(SentBatch batch) {
        write(batch, true);
    }

    private void write(SentBatch batch, boolean ended) {
        write(batch.journalKey(), event(batch.endpoint(), batch.items()).setBatchId(batch.batchId())
                .setSubmittedAt(batch.submittedAt()).setExpiresAt(batch.expiresAt()).setLocalId(batch.localId())
                .setSubmitting(false).setEnded(ended).build());
    }

    private LlmBatchJournaledEvent.Builder event(ProviderEndpoint endpoint, List<SentBatch.Item> items) {
        return LlmBatchJournaledEvent.newBuilder().setAgent(agent).setProvider(endpoint.providerName())
                .setModel(endpoint.model()).setBaseUrl(endpoint.baseUrl())
                .setItems(items.stream().map(item -> LlmBatchItem.newBuilder().setCustomId(item.customId())
                        .setPaperId(item.paperId()).setAgent(item.agent()).setRole(item.role())
                        .setEstimatedTokens(item.estimatedTokens()).build()).toList());
    }

    /** Keyed by the batch's local id when it has one, so the accepted batch replaces its intent when compacted. */
    private void write(String journalKey, LlmBatchJournaledEvent event) {
        String key = agent + "/" + journalKey;
        try {
            producer.send(new ProducerRecord<>(Topics.LLM_BATCHES.name(), key, (Object) event))
                    .get(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while journaling batch " + journalKey, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("batch " + journalKey + " could not be written to "
                    + Topics.LLM_BATCHES.name() + ": " + e, e);
        }
    }

    /**
     * Reads the topic from its start to its end as of now and keeps the last record of each of this agent's
     * batches. A topic that cannot be read in {@link #READ_TIMEOUT} gives what was read, with a warning: the agent
     * starts, and a batch it could not see is sent again if its stage runs again.
     */
    @Override
    public List<SentBatch> open() {
        return read().stream().filter(event -> !event.getSubmitting()).map(KafkaBatchJournal::sentBatch).toList();
    }

    /** Read like {@link #open()}, so an agent reads the topic twice at start. */
    @Override
    public List<BatchIntent> intents() {
        return read().stream().filter(LlmBatchJournaledEvent::getSubmitting).map(event -> new BatchIntent(
                Objects.requireNonNullElse(event.getLocalId(), ""), endpoint(event), event.getSubmittedAt(), items(event))).toList();
    }

    private List<LlmBatchJournaledEvent> read() {
        Map<String, Object> config = kafka.common();
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, agent + "-llm-batches-reader");
        Map<String, LlmBatchJournaledEvent> last = new LinkedHashMap<>();
        long deadline = System.nanoTime() + READ_TIMEOUT.toNanos();
        try (KafkaConsumer<String, SpecificRecord> consumer = new KafkaConsumer<>(config, new StringDeserializer(),
                EventSerdes.deserializer(config))) {
            List<TopicPartition> partitions = consumer.partitionsFor(Topics.LLM_BATCHES.name(), READ_TIMEOUT).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, READ_TIMEOUT);
            while (partitions.stream().anyMatch(partition -> consumer.position(partition) < ends.get(partition))) {
                if (System.nanoTime() > deadline) {
                    log.warn("{} not read to its end in {}; batches after what was read are not resumed",
                            Topics.LLM_BATCHES.name(), READ_TIMEOUT);
                    break;
                }
                for (ConsumerRecord<String, SpecificRecord> record : consumer.poll(Duration.ofMillis(200))) {
                    if (record.value() instanceof LlmBatchJournaledEvent event && event.getAgent().equals(agent)) {
                        last.put(record.key(), event);
                    }
                }
            }
        } catch (RuntimeException e) {
            log.warn("{} could not be read ({}); batches sent before this start are not resumed, and their calls "
                    + "are sent again if their stages run again", Topics.LLM_BATCHES.name(), e.toString());
        }
        return last.values().stream().filter(event -> !event.getEnded()).toList();
    }

    private static SentBatch sentBatch(LlmBatchJournaledEvent event) {
        return new SentBatch(event.getBatchId(), endpoint(event), event.getSubmittedAt(), event.getExpiresAt(),
                items(event), event.getLocalId());
    }

    private static ProviderEndpoint endpoint(LlmBatchJournaledEvent event) {
        return new ProviderEndpoint(ProviderKind.valueOf(event.getProvider().toUpperCase(Locale.ROOT)),
                event.getModel(), event.getBaseUrl());
    }

    private static List<SentBatch.Item> items(LlmBatchJournaledEvent event) {
        return event.getItems().stream().map(item -> new SentBatch.Item(item.getCustomId(), item.getPaperId(),
                item.getAgent(), item.getRole(), item.getEstimatedTokens())).toList();
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
