package dev.paperorchestra.service.status;

import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.state.PaperViewState;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * Server-sent events of a paper's status changes: one {@code status} event per change (everything so far on
 * connecting, then each new one), and a last {@code end} event with the final state, after which the stream
 * closes. Followers are served from the status view by one scheduler thread that looks for news every
 * {@code interval}; no Kafka consumer per follower.
 */
public final class PaperEventStream implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(PaperEventStream.class);

    /** What a follower has been sent so far. */
    private static final class Follower {
        final String paperId;
        final SseEmitter emitter;
        int sent;

        Follower(String paperId, SseEmitter emitter) {
            this.paperId = paperId;
            this.emitter = emitter;
        }
    }

    private final PaperViews views;
    private final Function<PaperStatusChangedEvent, Object> statusBody;
    private final Function<PaperViewState, Object> endBody;
    private final Duration timeout;
    private final Map<SseEmitter, Follower> followers = new ConcurrentHashMap<>();
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("paper-events").factory());

    /**
     * @param statusBody what a status event carries, from one status change
     * @param endBody    what the end event carries, from the final view
     */
    public PaperEventStream(PaperViews views, Function<PaperStatusChangedEvent, Object> statusBody,
            Function<PaperViewState, Object> endBody, Duration interval, Duration timeout) {
        this.views = views;
        this.statusBody = statusBody;
        this.endBody = endBody;
        this.timeout = timeout;
        scheduler.scheduleWithFixedDelay(this::pushNews, interval.toMillis(), interval.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    public SseEmitter follow(String paperId) {
        SseEmitter emitter = new SseEmitter(timeout.toMillis());
        Follower follower = new Follower(paperId, emitter);
        emitter.onCompletion(() -> followers.remove(emitter));
        emitter.onTimeout(() -> followers.remove(emitter));
        emitter.onError(error -> followers.remove(emitter));
        followers.put(emitter, follower);
        return emitter;
    }

    private void pushNews() {
        for (Follower follower : List.copyOf(followers.values())) {
            try {
                push(follower);
            } catch (IOException | IllegalStateException e) {
                // the client went away
                followers.remove(follower.emitter);
            } catch (RuntimeException e) {
                log.debug("paper {}: status view not readable yet: {}", follower.paperId, e.toString());
            }
        }
    }

    private void push(Follower follower) throws IOException {
        Optional<PaperViewState> found = views.find(follower.paperId);
        if (found.isEmpty()) {
            return;
        }
        PaperViewState view = found.get();
        List<PaperStatusChangedEvent> timeline = view.getTimeline();
        if (follower.sent > timeline.size()) {
            follower.sent = 0;
        }
        for (PaperStatusChangedEvent change : timeline.subList(follower.sent, timeline.size())) {
            follower.emitter.send(SseEmitter.event().name("status").data(statusBody.apply(change)));
            follower.sent++;
        }
        if (PaperState.valueOf(view.getState()).isFinal()) {
            follower.emitter.send(SseEmitter.event().name("end").data(endBody.apply(view)));
            followers.remove(follower.emitter);
            follower.emitter.complete();
        }
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
        followers.keySet().forEach(SseEmitter::complete);
        followers.clear();
    }
}
