package dev.paperorchestra.plotting.diagram;

import dev.paperorchestra.plotting.render.FigureSize;

/** Renders one diagram source language to a PDF and a PNG of the planned printed size. */
public interface DiagramRenderer {

    /** The outcome of one render. */
    sealed interface Result {
    }

    /** Both renderings. */
    record Drawn(byte[] pdf, byte[] png) implements Result {
    }

    /** Why nothing was drawn, in words the planner can act on. */
    record Failed(String reason) implements Result {
    }

    Result render(String source, FigureSize size, int dpi);
}
