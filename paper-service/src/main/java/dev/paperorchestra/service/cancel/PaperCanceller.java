package dev.paperorchestra.service.cancel;

import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.PaperSubmitter;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.schemas.PaperCancelledEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.schemas.topics.Topics;
import dev.paperorchestra.service.status.PaperState;
import dev.paperorchestra.service.status.PaperViews;
import dev.paperorchestra.service.status.UnknownPaperException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cancels a running paper: first the cancel marker on paper-cancellations (every agent skips the paper's
 * events from then on and its gateway makes no further model call), then CANCELLED on paper-status, which ends
 * the paper in the status view and for every watcher.
 */
public final class PaperCanceller {

    private static final Logger log = LoggerFactory.getLogger(PaperCanceller.class);
    static final String AGENT = "paper-service";

    private final PaperViews views;
    private final PaperSubmitter writer;
    private final Clock clock;
    private final Duration readYourWrite;
    private final PaperMetrics metrics;

    public PaperCanceller(PaperViews views, PaperSubmitter writer, Clock clock, Duration readYourWrite,
            PaperMetrics metrics) {
        this.views = views;
        this.writer = writer;
        this.clock = clock;
        this.readYourWrite = readYourWrite;
        this.metrics = metrics;
    }

    /**
     * @throws UnknownPaperException  when there is no such paper
     * @throws PaperFinishedException when it has already completed, failed or been cancelled
     */
    public PaperViewState cancel(String paperId) {
        PaperViewState view = views.find(paperId).orElseThrow(() -> new UnknownPaperException(paperId));
        if (PaperState.valueOf(view.getState()).isFinal()) {
            throw new PaperFinishedException(paperId, view.getState());
        }
        Instant now = clock.instant();
        String reason = "cancelled by the submitter at stage " + view.getCurrentStage();
        writer.send(Topics.PAPER_CANCELLATIONS, paperId,
                PaperCancelledEvent.newBuilder().setPaperId(paperId).setReason(reason).setCancelledAt(now).build());
        writer.send(Topics.PAPER_STATUS, paperId, PaperStatusPublisher.event(paperId,
                view.getCurrentStage(), AGENT, StageState.CANCELLED, reason, now));
        metrics.cancelled();
        log.info("paper {} cancelled at stage {}", paperId, view.getCurrentStage());
        return views.await(paperId, v -> PaperState.valueOf(v.getState()).isFinal(), readYourWrite).orElse(view);
    }
}
