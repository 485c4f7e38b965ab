package dev.paperorchestra.bench.run;

import dev.paperorchestra.bench.dataset.BenchCase;
import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PaperOutcome;
import dev.paperorchestra.embedded.pipeline.PaperWatcher;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import dev.paperorchestra.runtime.kafka.PaperSubmitter;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.content.outputs.PaperOutputs;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.topics.Topics;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.jspecify.annotations.Nullable;

/**
 * The embedded deployment of a bench run: one KRaft broker, every agent and one scholar cache for all cases,
 * with its state under BENCH_DIR/state so a resumed run finds the broker, topics and papers in flight where
 * the previous run left them. Submitting, following and writing outputs are {@code po run}'s own classes.
 */
public final class EmbeddedBackend implements BenchBackend {

    /** The literature verifier's consumer group: its lag on the verify topic is the Semantic Scholar queue. */
    private static final String VERIFIER_GROUP = "literature-verifier";

    private final EmbeddedPipeline pipeline;
    private final PaperSubmitter submitter;
    private final Set<String> submittedBefore;
    private final Admin admin;
    private final Clock clock;
    private @Nullable KafkaConsumer<byte[], byte[]> queueReader;

    private EmbeddedBackend(EmbeddedPipeline pipeline, Clock clock) {
        this.pipeline = pipeline;
        this.clock = clock;
        this.submitter = new PaperSubmitter(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, pipeline.bootstrapServers()),
                pipeline.blobs(), "po-bench");
        this.submittedBefore = SubmittedPapers.read(pipeline.bootstrapServers()).keySet();
        this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, pipeline.bootstrapServers()));
    }

    public static EmbeddedBackend start(PipelineSettings settings, Consumer<String> progress, Clock clock) {
        EmbeddedPipeline pipeline = EmbeddedPipeline.start(settings, progress);
        try {
            return new EmbeddedBackend(pipeline, clock);
        } catch (RuntimeException e) {
            pipeline.close();
            throw e;
        }
    }

    /** The running pipeline, whose agents' model gateway the model autoraters share. */
    public EmbeddedPipeline pipeline() {
        return pipeline;
    }

    @Override
    public String describe() {
        return "embedded broker at " + pipeline.bootstrapServers();
    }

    @Override
    public boolean wasSubmitted(String paperId) {
        return submittedBefore.contains(paperId);
    }

    @Override
    public String submit(BenchCase benchCase, String paperId, JobOptions options) {
        return submitter.submit(MaterialsDirectory.upload(benchCase.materials(), paperId, options, pipeline.blobs(),
                clock.instant())).getPaperId();
    }

    @Override
    public String submit(BenchCase benchCase, String paperId, JobOptions options, Path templateDir) {
        return submitter.submit(MaterialsDirectory.upload(benchCase.materials(), templateDir, paperId, options,
                pipeline.blobs(), clock.instant())).getPaperId();
    }

    @Override
    public CaseOutcome await(String paperId, Duration timeout, Consumer<String> onStage, Path caseDir) {
        try (PaperWatcher watcher = new PaperWatcher(pipeline.kafka(), clock)) {
            PaperOutcome outcome = watcher.await(paperId, timeout, status -> onStage.accept(status.getStage() + " "
                    + status.getState().name().toLowerCase(Locale.ROOT)));
            return switch (outcome) {
                case PaperOutcome.Completed completed -> {
                    yield new CaseOutcome.Completed(new PaperOutputs(completed.event().getArtifacts(), pipeline.blobs())
                            .writeTo(caseDir.resolve(paperId).toAbsolutePath()));
                }
                case PaperOutcome.Failed failed -> new CaseOutcome.Failed(failed.stage(), failed.reason());
                case PaperOutcome.TimedOut timedOut -> new CaseOutcome.TimedOut(timedOut.lastStage());
                case PaperOutcome.Cancelled cancelled -> new CaseOutcome.Cancelled(cancelled.reason());
            };
        }
    }

    /**
     * Records on the verify topic after the verifier's committed position. Counted by reading them, not by
     * subtracting offsets: the topic is written in transactions, whose commit markers take offsets too.
     */
    @Override
    public synchronized OptionalLong scholarQueue() {
        TopicPartition verify = new TopicPartition(Topics.CITATION_VERIFY_REQUESTS.name(), 0);
        try {
            OffsetAndMetadata committed = admin.listConsumerGroupOffsets(VERIFIER_GROUP).partitionsToOffsetAndMetadata()
                    .get().get(verify);
            if (queueReader == null) {
                queueReader = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, pipeline.bootstrapServers(),
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                        new ByteArrayDeserializer(), new ByteArrayDeserializer());
                queueReader.assign(List.of(verify));
            }
            long end = queueReader.endOffsets(List.of(verify)).get(verify);
            queueReader.seek(verify, committed == null ? 0 : committed.offset());
            long waiting = 0;
            Instant until = clock.instant().plusSeconds(2);
            while (queueReader.position(verify) < end && clock.instant().isBefore(until)) {
                waiting += queueReader.poll(Duration.ofMillis(100)).count();
            }
            return OptionalLong.of(waiting);
        } catch (ExecutionException | KafkaException e) {
            return OptionalLong.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalLong.empty();
        }
    }

    @Override
    public synchronized void close() {
        if (queueReader != null) {
            queueReader.close(CloseOptions.timeout(Duration.ofSeconds(2)));
        }
        submitter.close();
        admin.close(Duration.ofSeconds(5));
        pipeline.close();
    }
}
