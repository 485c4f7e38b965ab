package dev.paperorchestra.plotting.render;

/** Draws a figure the outline marks as a diagram (MODEL mode). */
@FunctionalInterface
public interface DiagramMaker {

    /** Diagrams are left out with this reason when no diagram renderer is configured. */
    DiagramMaker NONE = (request, ratio) -> new FigureRenderer.Skipped(
            "diagram figures are not drawn: no diagram renderer is configured");

    FigureRenderer.Outcome make(FigureRenderer.Request request, AspectRatio ratio);
}
