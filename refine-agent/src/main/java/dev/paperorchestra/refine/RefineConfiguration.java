package dev.paperorchestra.refine;

import dev.paperorchestra.refine.check.LatexRevisionCompiler;
import dev.paperorchestra.refine.check.CompilingRevisionCheck;
import dev.paperorchestra.refine.check.RevisionCompiler;
import dev.paperorchestra.refine.completion.PaperCompletion;
import dev.paperorchestra.refine.loop.ModelReviser;
import dev.paperorchestra.refine.loop.ModelSectionEditor;
import dev.paperorchestra.refine.loop.PlanReviser;
import dev.paperorchestra.refine.loop.OfflineReviser;
import dev.paperorchestra.refine.loop.RefinementLoop;
import dev.paperorchestra.refine.loop.RefinementMetrics;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.kafka.StageAllowance;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.usage.UsageLedger;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import io.micrometer.core.instrument.MeterRegistry;
import dev.paperorchestra.content.revision.LatexDiff;
import dev.paperorchestra.refine.human.HumanRevision;
import dev.paperorchestra.refine.human.LiteratureTitleVerifier;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.core.RoleBinding;
import java.time.Clock;
import java.util.Locale;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The loop, built from the runtime's blob store, model gateway and meter registry. */
@Configuration(proxyBeanMethods = false)
class RefineConfiguration {

    private static final Logger log = LoggerFactory.getLogger(RefineConfiguration.class);

    /** Every revision is compiled: time the stage budget must include besides the model requests. */
    @Bean
    StageAllowance revisionCompile(RefineAgentProperties properties) {
        return new StageAllowance("a revision's compile (po.refine.compile-timeout)", properties.compileTimeout());
    }

    @Bean
    RevisionCompiler revisionCompiler(RefineAgentProperties properties, BlobStore blobs, Sandbox sandbox) {
        LatexCompiler compiler = new LatexCompiler(properties.latexmk(), properties.compileTimeout(),
                properties.workDir(), sandbox);
        if (!compiler.available()) {
            log.warn("{} not found on PATH: revisions are reviewed without a PDF until TeX Live is installed",
                    properties.latexmk());
        }
        return new LatexRevisionCompiler(compiler, blobs);
    }

    /** Revisions from human reviews: compiled like the loop's revisions, diffed with latexdiff in the same sandbox. */
    @Bean
    HumanRevision humanRevision(RefineAgentProperties refine, HumanRevisionProperties properties, BlobStore blobs,
            Sandbox sandbox, LlmGateway gateway, LlmProperties llm, LiteratureTitleVerifier verifier) {
        Path compiles = properties.workDir().resolve("compile");
        RoleBinding planner = RoleBinding.resolve(llm, System::getenv).get(LlmRole.PLANNER);
        // named as po revise names it in summary.json
        String mode = "model:" + planner.kind().name().toLowerCase(Locale.ROOT) + "/" + planner.model();
        return new HumanRevision(blobs, new LatexCompiler(refine.latexmk(), refine.compileTimeout(), compiles, sandbox),
                new LatexDiff(properties.latexdiff(), sandbox, compiles, refine.compileTimeout()),
                properties.workDir(), new HumanRevision.ModelSetup(gateway, mode, verifier::forPaper));
    }

    /** Model-mode revisions verify a reviewer's suggested work through the literature agent, over Kafka. */
    @Bean
    LiteratureTitleVerifier literatureTitleVerifier(KafkaClientProperties kafka, HumanRevisionProperties properties) {
        return new LiteratureTitleVerifier(kafka.common(), properties.citationTimeout(), Clock.systemUTC());
    }

    @Bean
    RefinementLoop refinementLoop(BlobStore blobs, LlmGateway gateway, AgentIdentity identity,
            RefineAgentProperties properties, RevisionCompiler compiler, MeterRegistry meters, UsageLedger usage,
            RecordTracing tracing, LlmProperties llm) {
        // a panel's meta-review is revised from point by point; a single reviewer's review as a whole paper
        PlanReviser modelReviser = new PlanReviser(new ModelSectionEditor(gateway, identity.name()),
                new ModelReviser(gateway, identity.name()), properties.planPoints());
        return new RefinementLoop(blobs, new OfflineReviser(), modelReviser,
                new CompilingRevisionCheck(blobs, compiler), properties.defaultIterationLimit(),
                new PaperCompletion(blobs, identity.name(), usage, tracing, llm.priceTable().checked()),
                new RefinementMetrics(meters));
    }
}
