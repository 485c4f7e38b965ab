package dev.paperorchestra.writer.join;

import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import java.util.List;

/**
 * What drafting a paper produces.
 *
 * @param draft    the draft for paper-drafts
 * @param statuses status events for paper-status, in the order they are to be emitted (the last one is what
 *                 the compacted topic keeps, so notices come before the completion)
 */
public record DraftResult(PaperDraftedEvent draft, List<PaperStatusChangedEvent> statuses) {

    public DraftResult {
        statuses = List.copyOf(statuses);
    }
}
