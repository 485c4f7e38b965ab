package dev.paperorchestra.writer.join;

import dev.paperorchestra.runtime.streams.PaperAggregation;
import dev.paperorchestra.runtime.streams.Step;
import dev.paperorchestra.schemas.DraftRequestedEvent;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import dev.paperorchestra.schemas.state.DraftInputsState;
import dev.paperorchestra.schemas.topics.Topics;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;

/**
 * The join of literature-ready and figures-ready for one paper: whichever half arrives first is kept; when
 * the other one arrives a draft request with both halves is emitted and the paper's state is dropped. A half
 * that arrives twice before its partner replaces the earlier copy. Only joining happens here: writing,
 * compiling and repairing take minutes and run in the drafting listener, where a retriable failure is
 * redelivered like anywhere else.
 */
public final class DraftJoin implements PaperAggregation<DraftInputsState> {

    @Override
    public Step<DraftInputsState> apply(@Nullable DraftInputsState state, SpecificRecord event) {
        DraftInputsState.Builder next = state == null ? DraftInputsState.newBuilder()
                : DraftInputsState.newBuilder(state);
        switch (event) {
            case LiteratureReadyEvent literature -> next.setLiterature(literature);
            case FiguresReadyEvent figures -> next.setFigures(figures);
            default -> throw new IllegalArgumentException("the writer join reads literature-ready and "
                    + "figures-ready, not " + event.getClass().getSimpleName());
        }
        LiteratureReadyEvent literature = next.getLiterature();
        FiguresReadyEvent figures = next.getFigures();
        if (literature == null || figures == null) {
            return Step.keep(next.build());
        }
        String paperId = literature.getContext().getPaperId();
        return Step.finish(Step.Output.of(Topics.DRAFT_REQUESTS, paperId,
                DraftRequestedEvent.newBuilder().setLiterature(literature).setFigures(figures).build()));
    }
}
