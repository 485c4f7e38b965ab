package dev.paperorchestra.writer.join;

import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.LiteratureReadyEvent;

/** Writes a paper's draft once both halves of its inputs are there. */
@FunctionalInterface
public interface Drafter {

    DraftResult draft(LiteratureReadyEvent literature, FiguresReadyEvent figures);
}
