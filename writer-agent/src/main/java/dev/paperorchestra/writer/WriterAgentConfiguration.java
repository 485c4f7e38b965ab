package dev.paperorchestra.writer;

import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.llm.LlmGateway;
import dev.paperorchestra.runtime.streams.KafkaStreamsService;
import dev.paperorchestra.runtime.streams.PaperAggregationTopology;
import dev.paperorchestra.runtime.streams.StreamsConfigFactory;
import dev.paperorchestra.schemas.state.DraftInputsState;
import dev.paperorchestra.schemas.topics.Topics;
import dev.paperorchestra.runtime.latex.LatexCompiler;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.writer.draft.PaperDrafter;
import dev.paperorchestra.writer.join.DraftJoin;
import dev.paperorchestra.writer.repair.DraftChecker;
import dev.paperorchestra.writer.sections.ModelSectionWriter;
import dev.paperorchestra.writer.sections.SectionWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Kafka wiring of the writer: the literature/figures join runs as a Kafka Streams topology. */
@Configuration(proxyBeanMethods = false)
class WriterAgentConfiguration {

    static final String JOIN = "writer-join";

    private static final Logger log = LoggerFactory.getLogger(WriterAgentConfiguration.class);
    /** The broker's default upper bound for transaction timeouts (transaction.max.timeout.ms). */
    static final Duration MAX_TRANSACTION_TIMEOUT = Duration.ofMinutes(15);
    /** Time a draft needs besides the compile (blob reads and writes, the writing itself). */
    static final Duration WRITING_ALLOWANCE = Duration.ofMinutes(2);

    @Bean
    LatexCompiler latexCompiler(WriterAgentProperties properties, Sandbox sandbox) {
        LatexCompiler compiler = new LatexCompiler(properties.latexmk(), properties.compileTimeout(),
                properties.workDir(), sandbox);
        if (compiler.available()) {
            log.info("{} found: drafts are compiled to PDF (timeout {}) in sandbox {}", properties.latexmk(),
                    properties.compileTimeout(), sandbox.describe());
        } else {
            log.warn("{} not found on PATH: drafts go on without a PDF until TeX Live is installed",
                    properties.latexmk());
        }
        return compiler;
    }

    @Bean
    PaperDrafter paperDrafter(BlobStore blobs, LlmGateway llm, LatexCompiler compiler, AgentIdentity identity,
            Clock clock, WriterAgentProperties properties) {
        return new PaperDrafter(blobs, new SectionWriter(), new ModelSectionWriter(llm, identity.name()),
                new DraftChecker(compiler, properties.repairLimits()), identity, clock);
    }

    @Bean
    KafkaStreamsService writerJoin(StreamsConfigFactory streamsConfig, PaperDrafter drafter, AgentIdentity identity,
            Clock clock, WriterAgentProperties properties) {
        var topology = PaperAggregationTopology.build(JOIN,
                List.of(Topics.LITERATURE_READY.name(), Topics.FIGURES_READY.name()), DraftInputsState.class,
                new DraftJoin(drafter), identity.name(), identity.stage(), clock);
        return new KafkaStreamsService(JOIN, topology, joinConfig(streamsConfig.create(JOIN),
                properties.draftCompileBudget()));
    }

    /**
     * The streams settings of the join. A draft is written and compiled while the stream thread's
     * transaction may already be open (another record of the same commit interval began it), and Kafka
     * Streams' exactly-once default of 10 s would abort it in the middle of a compile, over and over; so the
     * transaction may last as long as the draft's compiles (first and repairs) plus the writing.
     */
    static Properties joinConfig(Properties base, Duration compileBudget) {
        Properties config = new Properties();
        config.putAll(base);
        Duration timeout = compileBudget.plus(WRITING_ALLOWANCE);
        if (timeout.compareTo(MAX_TRANSACTION_TIMEOUT) > 0) {
            timeout = MAX_TRANSACTION_TIMEOUT;
        }
        config.put(StreamsConfig.producerPrefix(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG), (int) timeout.toMillis());
        return config;
    }
}
