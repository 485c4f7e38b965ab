package dev.paperorchestra.outline;

import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.approval.ApprovalGateProperties;
import dev.paperorchestra.runtime.approval.Approvals;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.schemas.ApprovalGates;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.messaging.handler.annotation.Header;
import org.springframework.stereotype.Component;

/**
 * Kafka wiring of step 1: a paper request in, an outline event out, in one transaction. Failures propagate to
 * the runtime's error handling: invalid materials are permanent, so the request goes to paper-requests-dlt and
 * the paper is marked failed with the message naming the file.
 */
@Component
class OutlineListener {

    private static final Logger log = LoggerFactory.getLogger(OutlineListener.class);

    private final OutlineService service;
    private final EventPublisher publisher;
    private final PaperStatusPublisher status;
    private final AgentIdentity identity;
    private final PaperMetrics metrics;
    private final StageBudget budget;
    private final ApprovalGateProperties approvals;
    private final Clock clock;

    OutlineListener(OutlineService service, EventPublisher publisher, PaperStatusPublisher status,
            AgentIdentity identity, PaperMetrics metrics, StageBudget budget, ApprovalGateProperties approvals,
            Clock clock) {
        this.service = service;
        this.approvals = approvals;
        this.clock = clock;
        this.budget = budget;
        this.publisher = publisher;
        this.status = status;
        this.identity = identity;
        // outline-agent is the one reader of paper-requests, hence the one counter of submitted papers
        this.metrics = metrics.countingSubmissions();
    }

    // one record per poll (ONE_RECORD): a model-mode outline takes minutes; the stage budget bounds it and sets
    // the poll interval
    @KafkaListener(id = "outline-agent.paper-requests", groupId = OutlineAgentApplication.NAME,
            containerFactory = ListenerFactories.ONE_RECORD,
            topics = Topics.Names.PAPER_REQUESTS)
    void onPaperRequested(PaperRequestedEvent event, @Header(KafkaHeaders.RECEIVED_PARTITION) int partition,
            @Header(KafkaHeaders.OFFSET) long offset) {
        PaperContext context = event.getContext();
        String paperId = context.getPaperId();
        metrics.submitted();
        status.started(paperId, identity.stage(), "reading materials from "
                + context.getMaterials().getSourceDirectory());
        OutlineResult result = budget.run(paperId, () -> service.outline(context));
        JobOptions options = result.context().getOptions();
        if (OutlineService.CUTOFF_FROM_DEADLINE.equals(options.getCutoffSource())) {
            status.notice(paperId, identity.stage(), "research cutoff " + options.getCutoffDate()
                    + " taken from the submission deadline in conference_guidelines.md (the job gave none)");
        }
        OutlineCreatedEvent outline = OutlineCreatedEvent.newBuilder().setContext(result.context())
                .setFigureCount(result.figureCount()).setSearchQueryCount(result.searchQueryCount()).build();
        if (Approvals.waits(result.context(), ApprovalGates.OUTLINE)) {
            // held at the gate: literature and plotting see the outline only once a person approves it
            PaperContext outlined = outline.getContext();
            publisher.publish(Topics.APPROVAL_REQUESTS, paperId, Approvals.request(outlined, ApprovalGates.OUTLINE,
                    Objects.requireNonNull(outlined.getOutline()), clock.instant(), approvals.timeout())
                    .setOutline(outline).build());
        } else {
            publisher.publish(Topics.PAPER_OUTLINES, paperId, outline);
        }
        status.completed(paperId, identity.stage(), result.figureCount() + " figures planned, "
                + result.searchQueryCount() + " literature queries" + (result.offline() ? " (offline)" : ""));
        log.info("paper {} from {}-{}@{}: outline {} written ({} figures, {} literature queries)", paperId,
                Topics.PAPER_REQUESTS.name(), partition, offset, result.context().getOutline().getSha256(),
                result.figureCount(), result.searchQueryCount());
    }
}
