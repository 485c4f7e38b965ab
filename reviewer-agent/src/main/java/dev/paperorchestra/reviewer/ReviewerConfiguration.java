package dev.paperorchestra.reviewer;

import dev.paperorchestra.reviewer.panel.PanelBindings;
import dev.paperorchestra.reviewer.panel.PanelMember;
import dev.paperorchestra.reviewer.review.ModelReviewer;
import dev.paperorchestra.reviewer.review.OfflineReviewer;
import dev.paperorchestra.reviewer.review.PanelMetrics;
import dev.paperorchestra.reviewer.review.ReviewPageImages;
import dev.paperorchestra.reviewer.review.ReviewService;
import dev.paperorchestra.reviewer.revision.RevisionRescore;
import dev.paperorchestra.reviewer.rubric.Rubric;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.cancel.PaperCancellations;
import dev.paperorchestra.runtime.kafka.StageAllowance;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.runtime.llm.LlmGateway;
import dev.paperorchestra.runtime.llm.LlmProperties;
import dev.paperorchestra.runtime.llm.LlmRole;
import dev.paperorchestra.runtime.llm.gateway.DefaultLlmGateway;
import dev.paperorchestra.runtime.llm.gateway.RoleBinding;
import dev.paperorchestra.runtime.llm.usage.LlmMetrics;
import dev.paperorchestra.runtime.llm.usage.UsageLedger;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

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
            ObjectProvider<MeterRegistry> registry, ObjectProvider<PaperCancellations> cancellations) {
        List<ModelReviewer.Seat> seats = properties.panel().isEmpty()
                ? ModelReviewer.sameModelSeats(gateway, new ModelReviewer.Settings(properties.format(),
                        properties.temperature(), properties.panelSize(), properties.temperatureSpread()))
                : memberSeats(properties, llm, blobs, usage, identity.name(),
                        registry.getIfAvailable(SimpleMeterRegistry::new),
                        cancellations.getIfAvailable(() -> PaperCancellations.NONE));
        ModelReviewer model = new ModelReviewer(identity.name(), properties.format(), rubric, seats,
                properties.quorum(), properties.disagreementSpread(),
                new ReviewPageImages(properties.pageImages(), properties.pageImageDpi()));
        return new ReviewService(blobs, new OfflineReviewer(), model, properties.format(),
                new PanelMetrics(registry.getIfAvailable(SimpleMeterRegistry::new)));
    }

    /**
     * One gateway per member, whose reviewer role is the member's provider and model: the same cache, ledger
     * (budgets count every member) and metrics as the agent's gateway; a bulkhead of its own per member.
     */
    static List<ModelReviewer.Seat> memberSeats(ReviewerAgentProperties properties, LlmProperties llm,
            BlobStore blobs, UsageLedger usage, String agent, MeterRegistry registry,
            PaperCancellations cancellations) {
        LlmMetrics metrics = new LlmMetrics(registry);
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
