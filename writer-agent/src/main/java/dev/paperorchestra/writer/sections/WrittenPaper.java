package dev.paperorchestra.writer.sections;

import dev.paperorchestra.writer.tables.NumericFidelity;

/**
 * The complete paper.tex and what went into it.
 *
 * @param tex         the LaTeX
 * @param tableCount  tables written from the log
 * @param figureCount figures included
 * @param fidelity    whether every number of the log's tables is in the LaTeX as logged
 */
public record WrittenPaper(String tex, int tableCount, int figureCount, NumericFidelity.Report fidelity) {
}
