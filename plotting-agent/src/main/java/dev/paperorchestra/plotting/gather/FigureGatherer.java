package dev.paperorchestra.plotting.gather;

import dev.paperorchestra.plotting.planning.PlottingPlan;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageTimings;
import dev.paperorchestra.runtime.streams.PaperAggregation;
import dev.paperorchestra.runtime.streams.Step;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PlotRenderedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.state.FigureCollectionState;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gathers the plot results of a paper: one per figure id, the first one kept (a redelivered duplicate changes
 * nothing). When every planned figure has an outcome it emits figures-ready, figures in plan order followed by
 * the author's own, and marks the stage completed. The completed state is kept, so a duplicate arriving later
 * is still recognised and cannot start a second collection.
 */
public final class FigureGatherer implements PaperAggregation<FigureCollectionState> {

    private static final Logger log = LoggerFactory.getLogger(FigureGatherer.class);

    private final BlobStore blobs;
    private final String agent;
    private final String stage;
    private final Clock clock;

    public FigureGatherer(BlobStore blobs, String agent, String stage, Clock clock) {
        this.blobs = blobs;
        this.agent = agent;
        this.stage = stage;
        this.clock = clock;
    }

    @Override
    public Step<FigureCollectionState> apply(@Nullable FigureCollectionState state, SpecificRecord event) {
        if (!(event instanceof PlotRenderedEvent result)) {
            throw new IllegalArgumentException("the plotting gatherer reads plot results only, not "
                    + event.getClass().getSimpleName());
        }
        FigureCollectionState current = state != null ? state
                : FigureCollectionState.newBuilder().setTaskCount(result.getTaskCount()).setResults(List.of()).build();
        boolean seen = current.getResults().stream().anyMatch(r -> r.getFigureId().equals(result.getFigureId()));
        if (seen || isComplete(current)) {
            return Step.keep(current);
        }
        List<PlotRenderedEvent> results = new ArrayList<>(current.getResults());
        results.add(result);
        FigureCollectionState next = FigureCollectionState.newBuilder(current).setResults(results).build();
        if (!isComplete(next)) {
            return Step.keep(next);
        }
        FiguresReadyEvent ready = figuresReady(results);
        String paperId = ready.getContext().getPaperId();
        log.info("paper {}: all {} planned figures have an outcome; figures-ready with {} figures, {} skipped",
                paperId, next.getTaskCount(), ready.getFigures().size(), ready.getSkipped().size());
        return Step.keep(next,
                Step.Output.of(Topics.FIGURES_READY, paperId, ready),
                Step.Output.of(Topics.PAPER_STATUS, paperId, PaperStatusPublisher.event(paperId, stage, agent, StageState.COMPLETED,
                        FiguresReady.summary(ready), clock.instant())));
    }

    private static boolean isComplete(FigureCollectionState state) {
        return state.getResults().size() >= state.getTaskCount();
    }

    private FiguresReadyEvent figuresReady(List<PlotRenderedEvent> results) {
        PaperContext context = StageTimings.append(results.getFirst().getContext(), stage, agent, clock.instant());
        List<String> planOrder = planOrder(context);
        List<PlotRenderedEvent> ordered = results.stream()
                .sorted(Comparator.comparingInt((PlotRenderedEvent r) -> position(planOrder, r.getFigureId()))
                        .thenComparing(PlotRenderedEvent::getFigureId))
                .toList();
        DuplicateFigures.Split figures = DuplicateFigures.split(ordered.stream().filter(r -> r.getFigure() != null)
                .map(PlotRenderedEvent::getFigure).toList(), blobs);
        List<String> skipped = new ArrayList<>(ordered.stream().filter(r -> r.getFigure() == null)
                .map(r -> r.getFigureId() + ": " + (r.getSkippedReason() == null ? "no reason given"
                        : r.getSkippedReason()))
                .toList());
        skipped.addAll(figures.leftOut());
        AuthorFigures.Gathered authors = AuthorFigures.from(context, blobs);
        skipped.addAll(authors.rejected());
        return FiguresReady.event(context, figures.kept(), skipped, authors.figures());
    }

    private List<String> planOrder(PaperContext context) {
        return context.getOutline() == null ? List.of()
                : PlottingPlan.parse(blobs.getText(context.getOutline())).figureIds();
    }

    private static int position(List<String> planOrder, String figureId) {
        int index = planOrder.indexOf(figureId);
        return index < 0 ? Integer.MAX_VALUE : index;
    }
}
