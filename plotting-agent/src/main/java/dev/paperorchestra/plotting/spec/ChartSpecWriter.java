package dev.paperorchestra.plotting.spec;

import dev.paperorchestra.gateway.Prompt;
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
     * @param materials    the idea and the log, as every step renders them (the caption's facts)
     */
    ChartSpec write(String paperId, PlannedFigure figure, SpecTables tables, Prompt.Materials materials);

    /**
     * The spec revised to answer concrete issues (the critic's, or why the last spec could not be drawn).
     *
     * @param current the spec the issues are about
     * @param issues  what to change
     */
    ChartSpec revise(String paperId, PlannedFigure figure, SpecTables tables, Prompt.Materials materials,
            ChartSpec current, List<String> issues);
}
