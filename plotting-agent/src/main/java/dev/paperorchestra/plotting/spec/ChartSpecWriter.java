package dev.paperorchestra.plotting.spec;

import dev.paperorchestra.plotting.planning.PlannedFigure;
import java.util.List;

/** The planner role writing and revising one figure's chart spec (MODEL mode only). */
public interface ChartSpecWriter {

    /**
     * The first spec for a planned plot.
     *
     * @param paperId      the paper (accounting and logs)
     * @param figure       the planned figure (title, objective, aspect ratio)
     * @param tables       the tables the spec may draw from
     * @param observations the log's plain statements, for the caption
     */
    ChartSpec write(String paperId, PlannedFigure figure, SpecTables tables, String observations);

    /**
     * The spec revised to answer concrete issues (the critic's, or why the last spec could not be drawn).
     *
     * @param current the spec the issues are about
     * @param issues  what to change
     */
    ChartSpec revise(String paperId, PlannedFigure figure, SpecTables tables, String observations, ChartSpec current,
            List<String> issues);
}
