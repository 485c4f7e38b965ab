package dev.paperorchestra.plotting;

import dev.paperorchestra.plotting.render.PlotTaskRenderer;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.schemas.PlotRenderedEvent;
import dev.paperorchestra.schemas.PlotTaskCreatedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** plot-tasks -> plot-results: one figure rendered (or skipped, said on paper-status). */
@Component
class PlotRenderingListener {

    private final PlotTaskRenderer renderer;
    private final EventPublisher publisher;
    private final PaperStatusPublisher status;
    private final AgentIdentity identity;
    private final StageBudget budget;

    PlotRenderingListener(PlotTaskRenderer renderer, EventPublisher publisher, PaperStatusPublisher status,
            AgentIdentity identity, StageBudget budget) {
        this.renderer = renderer;
        this.budget = budget;
        this.publisher = publisher;
        this.status = status;
        this.identity = identity;
    }

    @KafkaListener(id = "plotting-agent.plot-tasks", groupId = "plotting-worker",
            containerFactory = ListenerFactories.ONE_RECORD,
            topics = Topics.Names.PLOT_TASKS)
    void onTask(PlotTaskCreatedEvent task) {
        String paperId = task.getContext().getPaperId();
        PlotRenderedEvent result = budget.run(paperId, () -> renderer.render(task));
        if (result.getSkippedReason() != null) {
            status.notice(paperId, identity.stage(), result.getFigureId() + " skipped: " + result.getSkippedReason());
        }
        publisher.publish(Topics.PLOT_RESULTS, paperId, result);
    }
}
