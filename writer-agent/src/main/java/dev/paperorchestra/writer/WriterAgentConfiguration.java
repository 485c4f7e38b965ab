package dev.paperorchestra.writer;

import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.kafka.StageAllowance;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.streams.KafkaStreamsService;
import dev.paperorchestra.runtime.streams.PaperAggregationRunner;
import dev.paperorchestra.writer.draft.WriterMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import dev.paperorchestra.schemas.state.DraftInputsState;
import dev.paperorchestra.schemas.topics.Topics;
import dev.paperorchestra.writer.draft.PaperDrafter;
import dev.paperorchestra.writer.figures.FiguresOffer;
import dev.paperorchestra.writer.join.DraftJoin;
import dev.paperorchestra.writer.repair.DraftRepairLoop;
import dev.paperorchestra.writer.sections.ModelSectionWriter;
import dev.paperorchestra.writer.sections.SectionWriter;
import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Kafka wiring of the writer: the literature/figures join runs as a Kafka Streams topology that only joins;
 * drafting (writing, compiles, repairs) runs in the draft-requests listener.
 */
@Configuration(proxyBeanMethods = false)
class WriterAgentConfiguration {

    static final String JOIN = "writer-join";

    private static final Logger log = LoggerFactory.getLogger(WriterAgentConfiguration.class);

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
    FiguresOffer figuresOffer(BlobStore blobs) {
        return new FiguresOffer(blobs);
    }

    @Bean
    PaperDrafter paperDrafter(BlobStore blobs, LlmGateway llm, LatexCompiler compiler, AgentIdentity identity,
            Clock clock, WriterAgentProperties properties, MeterRegistry meters) {
        return new PaperDrafter(blobs, new SectionWriter(), new ModelSectionWriter(llm, identity.name()),
                new DraftRepairLoop(compiler, properties.repairLimits()), identity, clock, new WriterMetrics(meters));
    }

    /** A draft compiles once per version (the first and each repair's): time the stage budget must include. */
    @Bean
    StageAllowance draftCompiles(WriterAgentProperties properties) {
        return new StageAllowance("the draft's compiles (po.writer.compile-timeout x (1 + repairs))",
                properties.draftCompileBudget());
    }

    /** Only the join runs in Streams; drafting runs in {@link DraftRequestListener}. */
    @Bean
    KafkaStreamsService writerJoin(PaperAggregationRunner aggregations) {
        return aggregations.service(JOIN, List.of(Topics.LITERATURE_READY.name(), Topics.FIGURES_READY.name()),
                DraftInputsState.class, new DraftJoin());
    }
}
