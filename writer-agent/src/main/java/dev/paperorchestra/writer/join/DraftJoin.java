package dev.paperorchestra.writer.join;

import dev.paperorchestra.runtime.streams.PaperAggregation;
import dev.paperorchestra.runtime.streams.Step;
import dev.paperorchestra.schemas.FiguresRenderedEvent;
import dev.paperorchestra.schemas.LiteratureDraftedEvent;
import dev.paperorchestra.schemas.state.DraftInputsState;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;

/**
 * The join of literature-ready and figures-ready for one paper: whichever half arrives first is kept; when
 * the other one arrives the paper is drafted, its events are emitted and its state is dropped. A half that
 * arrives twice before its partner replaces the earlier copy.
 */
public final class DraftJoin implements PaperAggregation<DraftInputsState> {

    private final Drafter drafter;

    public DraftJoin(Drafter drafter) {
        this.drafter = drafter;
    }

    @Override
    public Step<DraftInputsState> apply(@Nullable DraftInputsState state, SpecificRecord event) {
        DraftInputsState.Builder next = state == null ? DraftInputsState.newBuilder()
                : DraftInputsState.newBuilder(state);
        switch (event) {
            case LiteratureDraftedEvent literature -> next.setLiterature(literature);
            case FiguresRenderedEvent figures -> next.setFigures(figures);
            default -> throw new IllegalArgumentException("the writer join reads literature-ready and "
                    + "figures-ready, not " + event.getClass().getSimpleName());
        }
        LiteratureDraftedEvent literature = next.getLiterature();
        FiguresRenderedEvent figures = next.getFigures();
        if (literature == null || figures == null) {
            return Step.keep(next.build());
        }
        DraftResult result = drafter.draft(literature, figures);
        String paperId = result.draft().getContext().getPaperId();
        List<Step.Output> outputs = new ArrayList<>();
        outputs.add(new Step.Output(paperId, result.draft()));
        result.statuses().forEach(status -> outputs.add(new Step.Output(paperId, status)));
        return Step.finish(outputs);
    }
}
