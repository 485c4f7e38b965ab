package dev.paperorchestra.plotting.render;

import dev.paperorchestra.plotting.planning.PlannedFigure;

/** Looks at a rendered figure next to its spec and says what is wrong with it (MODEL mode only). */
public interface FigureCritic {

    /**
     * Reviews one rendering.
     *
     * @param paperId the paper (accounting and logs)
     * @param figure  the planned figure, whose objective the rendering must meet
     * @param png     the rendering
     * @param spec    the spec the rendering was drawn from, as JSON (or the diagram source)
     * @param round   1 for the first review, counting up
     */
    Critique review(String paperId, PlannedFigure figure, byte[] png, String spec, int round);
}
