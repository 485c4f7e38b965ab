package dev.paperorchestra.writer.figures;

/**
 * A planned figure the plotting agent did not make (a diagram that never passed critique, a TikZ source that
 * never compiled, a chart of a non-quantity): the paper must not refer to it.
 *
 * @param figureId the plan's id
 * @param title    the plan's title, or the id when the plan is not at hand
 * @param reason   why it was left out, as the plotting agent said
 */
public record LeftOutFigure(String figureId, String title, String reason) {
}
