package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.StageTiming;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Stage wall times carried along in {@link PaperContext#getTimings()}. A stage is taken to start when its
 * input was ready: when the latest stage before it finished (or the job was submitted).
 */
public final class StageTimings {

    private StageTimings() {
    }

    /** The context with a timing for {@code stage} appended, ending now. */
    public static PaperContext append(PaperContext context, String stage, String agent, Instant now) {
        Instant startedAt = inputReadyAt(context);
        List<StageTiming> timings = new ArrayList<>(context.getTimings());
        timings.add(StageTiming.newBuilder().setStage(stage).setAgent(agent).setStartedAt(startedAt)
                .setFinishedAt(now).build());
        return PaperContext.newBuilder(context).setTimings(timings).build();
    }

    /** When the latest recorded stage finished, or the submission time when none has. */
    private static Instant inputReadyAt(PaperContext context) {
        return context.getTimings().stream().map(StageTiming::getFinishedAt).max(Comparator.naturalOrder())
                .orElse(context.getSubmittedAt());
    }

    /**
     * Joins two branches of the same paper (literature and plotting): the first context with the timings of
     * the second that it does not have yet.
     */
    public static PaperContext merge(PaperContext first, PaperContext second) {
        List<StageTiming> timings = new ArrayList<>(first.getTimings());
        for (StageTiming timing : second.getTimings()) {
            if (!timings.contains(timing)) {
                timings.add(timing);
            }
        }
        timings.sort(Comparator.comparing(StageTiming::getFinishedAt));
        return PaperContext.newBuilder(first).setTimings(timings).build();
    }
}
