package dev.paperorchestra.plotting.planning;

import dev.paperorchestra.schemas.PlotTaskCreatedEvent;
import java.util.Locale;

/**
 * One entry of the outline's {@code plotting_plan}.
 *
 * @param figureId    snake_case id; files are named after it
 * @param title       planned title
 * @param plotType    {@code plot} (data chart) or {@code diagram} (conceptual)
 * @param dataSource  idea.md, experimental_log.md or both
 * @param objective   what the figure must show; names the chart type for plots
 * @param aspectRatio planned aspect ratio such as 16:9
 */
public record PlannedFigure(String figureId, String title, String plotType, String dataSource, String objective,
        String aspectRatio) {

    public static final String PLOT = "plot";

    public static PlannedFigure of(PlotTaskCreatedEvent task) {
        return new PlannedFigure(task.getFigureId(), task.getTitle(), task.getPlotType(), task.getDataSource(),
                task.getObjective(), task.getAspectRatio());
    }

    public boolean isDataPlot() {
        return PLOT.equals(plotType.strip().toLowerCase(Locale.ROOT));
    }

    /** True when the plan lets the figure draw on idea.md (alone or together with the log). */
    public boolean usesIdea() {
        String source = dataSource.toLowerCase(Locale.ROOT);
        return source.contains("idea") || source.contains("both");
    }
}
