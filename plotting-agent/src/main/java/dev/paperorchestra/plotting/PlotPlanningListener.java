package dev.paperorchestra.plotting;

import dev.paperorchestra.plotting.gather.AuthorFigures;
import dev.paperorchestra.plotting.gather.FiguresReady;
import dev.paperorchestra.plotting.planning.PlotTasks;
import dev.paperorchestra.plotting.planning.PlottingPlan;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageTimings;
import dev.paperorchestra.schemas.FiguresRenderedEvent;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PlotTaskCreatedEvent;
import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** paper-outlines -> plot-tasks: one task per planned figure (or figures-ready at once for an empty plan). */
@Component
class PlotPlanningListener {

    private static final Logger log = LoggerFactory.getLogger(PlotPlanningListener.class);

    private final BlobStore blobs;
    private final EventPublisher publisher;
    private final PaperStatusPublisher status;
    private final AgentIdentity identity;
    private final Clock clock;

    PlotPlanningListener(BlobStore blobs, EventPublisher publisher, PaperStatusPublisher status,
            AgentIdentity identity, Clock clock) {
        this.blobs = blobs;
        this.publisher = publisher;
        this.status = status;
        this.identity = identity;
        this.clock = clock;
    }

    @KafkaListener(id = "plotting-planner",
            topics = "#{T(dev.paperorchestra.schemas.topics.Topics).PAPER_OUTLINES.name()}",
            properties = {"max.poll.records=1", "max.poll.interval.ms=900000"})
    void onOutline(OutlineCreatedEvent event) {
        PaperContext context = event.getContext();
        String paperId = context.getPaperId();
        if (context.getOutline() == null) {
            throw new PermanentException("paper-outlines event without outline.json (context.outline is null)");
        }
        PlottingPlan plan = PlottingPlan.parse(blobs.getText(context.getOutline()));
        if (plan.isEmpty()) {
            PaperContext timed = StageTimings.append(context, identity.stage(), identity.name(), clock.instant());
            FiguresRenderedEvent ready = FiguresReady.event(timed, List.of(), List.of(),
                    AuthorFigures.from(context, blobs));
            log.info("paper {}: plotting plan is empty; figures-ready with {} author figures", paperId,
                    ready.getFigures().size());
            publisher.publish(paperId, ready);
            status.completed(paperId, identity.stage(), FiguresReady.summary(ready));
            return;
        }
        List<PlotTaskCreatedEvent> tasks = PlotTasks.fanOut(context, plan);
        status.started(paperId, identity.stage(), tasks.size() + (tasks.size() == 1 ? " figure" : " figures")
                + " to render");
        for (PlotTaskCreatedEvent task : tasks) {
            publisher.publish(task.getTaskKey(), task);
        }
        log.info("paper {}: {} plot tasks sent to plot-tasks", paperId, tasks.size());
    }
}
