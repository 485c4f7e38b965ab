package dev.paperorchestra.plotting.planning;

import dev.paperorchestra.plotting.gather.AuthorFigures;
import dev.paperorchestra.plotting.gather.FiguresReady;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.runtime.kafka.StageTimings;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PlotTaskCreatedEvent;
import java.time.Clock;
import java.util.List;

/** Turns an outlined paper into its plot tasks, or into figures-ready at once when nothing is to be drawn. */
public final class PlotPlanner {

    /** What the listener sends on. */
    public sealed interface Plan {
    }

    /** Nothing to draw: the author's figures (if any) are all there is. */
    public record NothingToDraw(FiguresReadyEvent ready) implements Plan {
    }

    /** One task per planned figure. */
    public record Tasks(List<PlotTaskCreatedEvent> tasks) implements Plan {
        public Tasks {
            tasks = List.copyOf(tasks);
        }
    }

    private final BlobStore blobs;
    private final AgentIdentity identity;
    private final Clock clock;

    public PlotPlanner(BlobStore blobs, AgentIdentity identity, Clock clock) {
        this.blobs = blobs;
        this.identity = identity;
        this.clock = clock;
    }

    /** @throws PermanentException when the event carries no outline */
    public Plan plan(PaperContext context) {
        if (context.getOutline() == null) {
            throw new PermanentException("paper-outlines event without outline.json (context.outline is null)");
        }
        PlottingPlan plan = PlottingPlan.parse(blobs.getText(context.getOutline()));
        // here, in the listener, not later in the gatherer's Streams thread: the parse of an author's file
        AuthorFigures.inspect(context, blobs);
        if (plan.isEmpty()) {
            PaperContext timed = StageTimings.append(context, identity.stage(), identity.name(), clock.instant());
            AuthorFigures.Gathered authors = AuthorFigures.from(context, blobs);
            return new NothingToDraw(FiguresReady.event(timed, List.of(), authors.rejected(), authors.figures()));
        }
        return new Tasks(PlotTasks.fanOut(context, plan));
    }
}
