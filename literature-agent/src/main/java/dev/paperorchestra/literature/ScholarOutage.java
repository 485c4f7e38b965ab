package dev.paperorchestra.literature;

import dev.paperorchestra.literature.scholarly.ServiceUnavailableException;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The verifier's way through an outage of the scholarly service. A poll that fails because the service did not
 * answer (every attempt of one request, {@link ServiceUnavailableException}) is handed back to Kafka, and the
 * verifier does not take it again for a while: the wait doubles from {@code first} per failed poll up to
 * {@code cap}, drawn between half and all of that (jitter: replicas and restarted verifiers do not come back in
 * step), so a sustained outage costs at most one request's attempts per wait, never a poll retried at once,
 * forever. Each paper of the poll is told it waits on the service and since when; when the service answers, the
 * papers go on and are told so. A verification is deferred, never dropped.
 */
final class ScholarOutage {

    private static final Logger log = LoggerFactory.getLogger(ScholarOutage.class);

    /** Where the notices go: the paper's status. */
    @FunctionalInterface
    interface Notices {
        void notice(String paperId, String message);
    }

    private final Duration first;
    private final Duration cap;
    private final Clock clock;
    private final DoubleSupplier random;
    private final VerifierPause pause;
    private final Notices notices;
    private @Nullable Instant since;
    private int failedPolls;

    ScholarOutage(Duration first, Duration cap, Clock clock, DoubleSupplier random, VerifierPause pause,
            Notices notices) {
        if (first.isNegative() || first.isZero() || cap.compareTo(first) < 0) {
            throw new IllegalArgumentException("outage back-off needs 0 < first <= cap, was " + first + " / " + cap);
        }
        this.first = first;
        this.cap = cap;
        this.clock = clock;
        this.random = random;
        this.pause = pause;
        this.notices = notices;
    }

    /**
     * Runs one poll's verification.
     *
     * @throws ServiceUnavailableException when the service did not answer; the container is paused for the
     *         back-off first, and the caller's rollback hands the poll back
     */
    <T> T attempt(List<CitationVerificationRequestedEvent> requests, Supplier<T> poll) {
        T result;
        try {
            result = poll.get();
        } catch (ServiceUnavailableException e) {
            failed(requests, e);
            throw e;
        }
        answered(requests);
        return result;
    }

    private synchronized void failed(List<CitationVerificationRequestedEvent> requests,
            ServiceUnavailableException e) {
        if (since == null) {
            since = clock.instant();
        }
        failedPolls++;
        Duration wait = nextPause();
        String message = "waiting on " + e.service() + " since " + since + ": it does not answer (" + e.getMessage()
                + "); verification is deferred, next try in " + seconds(wait);
        log.warn("verifier: {} unavailable since {} ({} failed poll(s)); {} request(s) of {} paper(s) wait {}",
                e.service(), since, failedPolls, requests.size(), papers(requests).size(), seconds(wait));
        papers(requests).forEach(paperId -> notices.notice(paperId, message));
        pause.pauseFor(wait);
    }

    private synchronized void answered(List<CitationVerificationRequestedEvent> requests) {
        if (since == null) {
            return;
        }
        log.info("verifier: the scholarly service answers again after an outage since {} ({} failed poll(s))",
                since, failedPolls);
        String message = "the scholarly service answers again (it did not since " + since
                + "); verification resumed";
        papers(requests).forEach(paperId -> notices.notice(paperId, message));
        since = null;
        failedPolls = 0;
    }

    private Duration nextPause() {
        Duration exponential = first.multipliedBy(1L << Math.min(failedPolls - 1, 20));
        Duration ceiling = exponential.compareTo(cap) > 0 ? cap : exponential;
        return Duration.ofMillis(Math.max(1, Math.round(ceiling.toMillis() * (0.5 + 0.5 * random.getAsDouble()))));
    }

    private static Set<String> papers(List<CitationVerificationRequestedEvent> requests) {
        Set<String> papers = new LinkedHashSet<>();
        requests.forEach(request -> papers.add(request.getPaperId()));
        return papers;
    }

    private static String seconds(Duration duration) {
        return String.format(Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
    }
}
