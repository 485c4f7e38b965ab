package dev.paperorchestra.plotting.planning;

import dev.paperorchestra.runtime.kafka.PaperKeys;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PlotTaskCreatedEvent;
import java.util.List;

/** Fans a plotting plan out into one task per figure, keyed so tasks spread over the plot-tasks partitions. */
public final class PlotTasks {

    private PlotTasks() {
    }

    public static List<PlotTaskCreatedEvent> fanOut(PaperContext context, PlottingPlan plan) {
        int count = plan.figures().size();
        return plan.figures().stream().map(figure -> PlotTaskCreatedEvent.newBuilder()
                .setTaskKey(PaperKeys.taskKey(context.getPaperId(), figure.figureId()))
                .setContext(context)
                .setFigureId(figure.figureId())
                .setTitle(figure.title())
                .setPlotType(figure.plotType())
                .setDataSource(figure.dataSource())
                .setObjective(figure.objective())
                .setAspectRatio(figure.aspectRatio())
                .setTaskCount(count)
                .build()).toList();
    }
}
