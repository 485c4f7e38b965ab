package dev.paperorchestra.plotting;

import dev.paperorchestra.plotting.gather.FiguresReady;
import dev.paperorchestra.plotting.planning.PlotPlanner;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** paper-outlines -> plot-tasks: one task per planned figure (or figures-ready at once for an empty plan). */
@Component
class PlotPlanningListener {

    private static final Logger log = LoggerFactory.getLogger(PlotPlanningListener.class);

    private final PlotPlanner planner;
    private final EventPublisher publisher;
    private final PaperStatusPublisher status;
    private final AgentIdentity identity;
    private final StageBudget budget;

    PlotPlanningListener(PlotPlanner planner, EventPublisher publisher, PaperStatusPublisher status,
            AgentIdentity identity, StageBudget budget) {
        this.planner = planner;
        this.budget = budget;
        this.publisher = publisher;
        this.status = status;
        this.identity = identity;
    }

    @KafkaListener(id = "plotting-agent.paper-outlines", groupId = "plotting-planner",
            containerFactory = ListenerFactories.ONE_RECORD,
            topics = Topics.Names.PAPER_OUTLINES)
    void onOutline(OutlineCreatedEvent event) {
        String paperId = event.getContext().getPaperId();
        switch (budget.run(paperId, () -> planner.plan(event.getContext()))) {
            case PlotPlanner.NothingToDraw nothing -> {
                log.info("paper {}: plotting plan is empty; figures-ready with {} author figures", paperId,
                        nothing.ready().getFigures().size());
                publisher.publish(Topics.FIGURES_READY, paperId, nothing.ready());
                status.completed(paperId, identity.stage(), FiguresReady.summary(nothing.ready()));
            }
            case PlotPlanner.Tasks tasks -> {
                int count = tasks.tasks().size();
                status.started(paperId, identity.stage(), count + (count == 1 ? " figure" : " figures")
                        + " to render");
                // spread over the partitions so the paper's figures are drawn side by side
                for (int i = 0; i < count; i++) {
                    publisher.publishSpread(Topics.PLOT_TASKS, tasks.tasks().get(i).getTaskKey(), tasks.tasks().get(i),
                            paperId, i);
                }
                log.info("paper {}: {} plot tasks sent to plot-tasks", paperId, count);
            }
        }
    }
}
