package dev.paperorchestra.service;

import dev.paperorchestra.content.archive.ArchiveLimits;
import dev.paperorchestra.content.archive.SafeArchive;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.latex.TemplateTrial;
import dev.paperorchestra.content.latex.TexInstallation;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.outline.schema.OutlineValidator;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.runtime.kafka.PaperSubmitter;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.service.references.ReferenceLookups;
import dev.paperorchestra.runtime.streams.KafkaStreamsService;
import dev.paperorchestra.runtime.streams.StreamsConfigFactory;
import dev.paperorchestra.schemas.topics.Topics;
import dev.paperorchestra.service.api.PaperResponses;
import dev.paperorchestra.service.approval.ApprovalDesk;
import dev.paperorchestra.service.auth.LoopbackOnly;
import dev.paperorchestra.service.cancel.PaperCanceller;
import dev.paperorchestra.service.console.ConsoleHeaders;
import dev.paperorchestra.service.console.OperationsView;
import dev.paperorchestra.service.intake.UploadIntake;
import dev.paperorchestra.service.revision.RevisionIntake;
import dev.paperorchestra.service.status.PaperEventStream;
import dev.paperorchestra.service.status.PaperViewTopology;
import dev.paperorchestra.service.status.PaperViews;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.MultipartConfigElement;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Properties;
import java.util.function.Function;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.LogAndContinueExceptionHandler;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.servlet.MultipartConfigFactory;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;

/** The paper service's parts, built from the runtime's Kafka settings and blob store. */
@Configuration(proxyBeanMethods = false)
class PaperServiceConfiguration {

    @Bean
    KafkaStreamsService paperViewStreams(StreamsConfigFactory streamsConfig,
            ObjectProvider<MeterRegistry> registry) {
        Properties properties = streamsConfig.create("views");
        // a record the view cannot read (a type from a newer writer) is skipped, not fatal to the whole view
        properties.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG,
                LogAndContinueExceptionHandler.class.getName());
        return new KafkaStreamsService("paper-views", PaperViewTopology.build(properties), properties,
                List.of(Topics.PAPER_STATUS.name(), Topics.PAPER_COMPLETED.name(), Topics.APPROVAL_REQUESTS.name(),
                        Topics.REVISION_COMPLETED.name()),
                registry.getIfAvailable(SimpleMeterRegistry::new));
    }

    @Bean
    PaperViews paperViews(KafkaStreamsService paperViewStreams) {
        return new PaperViews(paperViewStreams);
    }

    /** Closed on shutdown through its {@code close()}. */
    @Bean
    PaperSubmitter paperSubmitter(KafkaClientProperties kafka, BlobStore blobs) {
        return new PaperSubmitter(kafka.common(), blobs, PaperServiceApplication.NAME);
    }

    /** Closed on shutdown through its {@code close()}. */
    @Bean
    ReferenceLookups referenceLookups(KafkaClientProperties kafka, PaperServiceProperties properties, Clock clock) {
        return new ReferenceLookups(kafka.common(), properties.referenceTimeout(), clock);
    }

    @Bean
    UploadIntake uploadIntake(PaperSubmitter submitter, PaperViews views, PaperServiceProperties properties,
            Clock clock, MaterialsLimits limits, BlobStore blobs, Sandbox sandbox) {
        SafeArchive archives = new SafeArchive(new ArchiveLimits(properties.maxEntries(),
                properties.maxUnpackedSize().toBytes()).withMaxFileBytes(properties.maxUnpackedFileSize().toBytes())
                .withMaxRatio(properties.maxCompressionRatio()));
        // a stranger's template is compiled only in the sandbox the agents compile in
        Function<Path, TemplateTrial> trials = !limits.checkTex() ? null : directory -> new TemplateTrial(
                new LatexCompiler(properties.latexmk(), properties.templateTrialTimeout(), directory, sandbox),
                TexInstallation.kpsewhich());
        return new UploadIntake(archives, submitter, views, properties.workDir(), clock,
                properties.readYourWrite(), limits, blobs, trials);
    }

    @Bean
    RevisionIntake revisionIntake(PaperSubmitter submitter, PaperViews views, PaperServiceProperties properties,
            Clock clock, BlobStore blobs) {
        SafeArchive archives = new SafeArchive(new ArchiveLimits(properties.maxEntries(),
                properties.maxUnpackedSize().toBytes()).withMaxFileBytes(properties.maxUnpackedFileSize().toBytes())
                .withMaxRatio(properties.maxCompressionRatio()));
        return new RevisionIntake(archives, submitter, views, blobs, properties.workDir(), clock,
                properties.readYourWrite(), properties.maxUnpackedFileSize().toBytes());
    }

    @Bean
    PaperCanceller paperCanceller(PaperViews views, PaperSubmitter submitter, Clock clock,
            PaperServiceProperties properties, PaperMetrics metrics) {
        return new PaperCanceller(views, submitter, clock, properties.readYourWrite(), metrics);
    }

    @Bean
    ApprovalDesk approvalDesk(PaperViews views, PaperSubmitter submitter, BlobStore blobs, Clock clock,
            PaperServiceProperties properties) {
        return new ApprovalDesk(views, submitter, blobs, new OutlineValidator(), clock, properties.readYourWrite());
    }

    @Bean
    PaperEventStream paperEventStream(PaperViews views, PaperServiceProperties properties) {
        return new PaperEventStream(views, PaperResponses::statusChange, PaperResponses::end,
                properties.eventsInterval(), properties.eventsTimeout());
    }

    @Bean
    MultipartConfigElement multipartConfigElement(PaperServiceProperties properties) throws IOException {
        // uploads are written here while they arrive, before any controller runs
        Files.createDirectories(properties.workDir());
        MultipartConfigFactory factory = new MultipartConfigFactory();
        factory.setMaxFileSize(properties.maxUploadSize());
        // the options are a few small fields beside the archive
        factory.setMaxRequestSize(DataSize.ofBytes(properties.maxUploadSize().toBytes() + 64 * 1024));
        factory.setLocation(properties.workDir().toAbsolutePath().toString());
        return factory.createMultipartConfig();
    }

    /** Closed on shutdown through its {@code close()}. */
    @Bean
    OperationsView operationsView(PaperViews views, BlobStore blobs, KafkaClientProperties kafka, Clock clock) {
        return new OperationsView(views, blobs, kafka.common(), clock);
    }

    @Bean
    FilterRegistrationBean<ConsoleHeaders> consoleHeaders() {
        FilterRegistrationBean<ConsoleHeaders> registration = new FilterRegistrationBean<>(new ConsoleHeaders());
        registration.addUrlPatterns("/*");
        return registration;
    }

    @Bean
    LoopbackOnly loopbackOnly(PaperServiceProperties properties) {
        return new LoopbackOnly(properties.loopbackOnly());
    }
}
