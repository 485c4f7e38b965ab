package dev.paperorchestra.writer.join;

import dev.paperorchestra.schemas.FiguresRenderedEvent;
import dev.paperorchestra.schemas.LiteratureDraftedEvent;

/** Writes a paper's draft once both halves of its inputs are there. */
@FunctionalInterface
public interface Drafter {

    DraftResult draft(LiteratureDraftedEvent literature, FiguresRenderedEvent figures);
}
