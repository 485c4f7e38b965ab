package dev.paperorchestra.plotting.render;

import dev.paperorchestra.plotting.planning.PlannedFigure;

/** Looks at a rendered figure and says whether it serves its objective (MODEL mode only). */
public interface FigureCritic {

    /**
     * Reviews one rendering.
     *
     * @param paperId the paper (accounting and logs)
     * @param figure  the planned figure, whose objective the rendering must meet
     * @param png     the rendering
     * @param round   1 for the first review, counting up
     */
    Critique review(String paperId, PlannedFigure figure, byte[] png, int round);
}
