package dev.paperorchestra.literature;

import static dev.paperorchestra.literature.Fixtures.candidate;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.literature.scholarly.RequestSpacer;
import dev.paperorchestra.literature.scholarly.ServiceUnavailableException;
import dev.paperorchestra.literature.verify.CitationAcceptance;
import dev.paperorchestra.literature.verify.CitationVerifier;
import dev.paperorchestra.literature.verify.InMemoryScholarCache;
import dev.paperorchestra.literature.verify.ScholarSources;
import dev.paperorchestra.literature.verify.s2.SemanticScholarClient;
import dev.paperorchestra.literature.verify.s2.SemanticScholarSettings;
import dev.paperorchestra.literature.verify.s2.SemanticScholarStub;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import dev.paperorchestra.schemas.LlmMode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

/**
 * Issue 25: a sustained Semantic Scholar outage made the batch verifier retry its whole poll at once, with no
 * bound. Against the S2 stub answering 503 for a long stretch: each failed poll costs one request's attempts and
 * is handed back with a wait that doubles up to the cap, every paper of the poll says it waits on Semantic Scholar
 * since the outage began, and the papers are verified as soon as the stub answers again.
 */
class ScholarOutageTest {

    private static final Path RECORDS = Path.of("../examples/cvpr-sparse-depth/scholar_records.json");
    private static final Duration FIRST = Duration.ofSeconds(30);
    private static final Duration CAP = Duration.ofMinutes(10);
    private static final int ATTEMPTS = 3;

    private final SteppingClock clock = new SteppingClock(Instant.parse("2026-03-01T10:00:00Z"));
    private final List<Duration> pauses = new ArrayList<>();
    private final List<String> notices = new ArrayList<>();

    private ScholarOutage outage(DoubleSupplier random) {
        // the pause is where the container stays paused: time passes for the clock, not for the test
        return new ScholarOutage(FIRST, CAP, clock, random, pause -> {
            pauses.add(pause);
            clock.advance(pause);
        }, (paperId, message) -> notices.add(paperId + ": " + message));
    }

    private CitationVerifier verifier(SemanticScholarStub stub) {
        SemanticScholarClient client = new SemanticScholarClient(new SemanticScholarSettings(
                URI.create(stub.baseUrl()), "", ATTEMPTS, Duration.ofMillis(100), Duration.ofSeconds(30),
                Duration.ofSeconds(10)), RequestSpacer.system("test", Duration.ofMillis(1)), pause -> { },
                clock, new SimpleMeterRegistry());
        return new CitationVerifier(new ScholarSources(records -> client, client, true), new InMemoryScholarCache(),
                new CitationAcceptance(70, 5), 500, new CitationVerifier.SearchLimits(10, 1));
    }

    private static CitationVerificationRequestedEvent request(String paperId, String title, String arxivId) {
        return CitationVerificationRequestedEvent.newBuilder().setRequestId(paperId + "/verify-1")
                .setPaperId(paperId).setCutoffDate("2024-11-01").setLlmMode(LlmMode.MODEL)
                .setCandidates(List.of(candidate(title).setArxivId(arxivId).build())).build();
    }

    @Test
    void a_sustained_outage_is_waited_out_with_a_capped_back_off_and_the_papers_complete_when_it_answers()
            throws Exception {
        try (SemanticScholarStub stub = new SemanticScholarStub(Duration.ofMillis(1), List.of(RECORDS))) {
            ScholarOutage outage = outage(() -> 1.0);
            CitationVerifier verifier = verifier(stub);
            List<CitationVerificationRequestedEvent> poll = List.of(
                    request("p-a", "Depth Map Prediction from a Single Image using a Multi-Scale Deep Network",
                            "1406.2283"),
                    request("p-b", "Deeper Depth Prediction with Fully Convolutional Residual Networks",
                            "1606.00373"));
            Instant began = clock.instant();
            stub.outage(503);

            int polls = 10;
            for (int i = 0; i < polls; i++) {
                assertThatThrownBy(() -> outage.attempt(poll, () -> verifier.verifyAll(poll)))
                        .isInstanceOf(ServiceUnavailableException.class);
            }

            // bounded: one request's attempts per poll, and a wait before every redelivery
            assertThat(stub.arrivals()).hasSize(polls * ATTEMPTS);
            assertThat(pauses).hasSize(polls).allSatisfy(pause -> assertThat(pause).isLessThanOrEqualTo(CAP));
            assertThat(pauses.subList(0, 6)).containsExactly(Duration.ofSeconds(30), Duration.ofSeconds(60),
                    Duration.ofSeconds(120), Duration.ofSeconds(240), Duration.ofSeconds(480), CAP);
            assertThat(pauses.getLast()).isEqualTo(CAP);
            // the status of each paper says it waits on Semantic Scholar, and since when
            for (String paper : List.of("p-a", "p-b")) {
                assertThat(notices).filteredOn(notice -> notice.startsWith(paper + ": ")).hasSize(polls)
                        .allSatisfy(notice -> assertThat(notice)
                                .contains("waiting on Semantic Scholar since " + began).contains("deferred"));
            }

            stub.recover();
            List<CitationVerifier.Result> results = outage.attempt(poll, () -> verifier.verifyAll(poll));

            assertThat(results).hasSize(2).allSatisfy(result -> {
                assertThat(result).isInstanceOf(CitationVerifier.Result.Verified.class);
                assertThat(((CitationVerifier.Result.Verified) result).outcome().verdicts())
                        .allSatisfy(verdict -> assertThat(verdict.getAccepted()).isTrue());
            });
            assertThat(notices.subList(notices.size() - 2, notices.size())).allSatisfy(notice -> assertThat(notice)
                    .contains("answers again").contains(began.toString()));
        }
    }

    @Test
    void a_second_outage_starts_its_own_back_off_and_clock() throws Exception {
        try (SemanticScholarStub stub = new SemanticScholarStub(Duration.ofMillis(1), List.of(RECORDS))) {
            ScholarOutage outage = outage(() -> 1.0);
            CitationVerifier verifier = verifier(stub);
            List<CitationVerificationRequestedEvent> poll = List.of(request("p-c",
                    "Sparsity Invariant CNNs", "1708.06500"));
            stub.outage(500);
            assertThatThrownBy(() -> outage.attempt(poll, () -> verifier.verifyAll(poll)))
                    .isInstanceOf(ServiceUnavailableException.class);
            assertThatThrownBy(() -> outage.attempt(poll, () -> verifier.verifyAll(poll)))
                    .isInstanceOf(ServiceUnavailableException.class);
            stub.recover();
            outage.attempt(poll, () -> verifier.verifyAll(poll));
            clock.advance(Duration.ofHours(1));
            Instant second = clock.instant();

            // a paper the cache does not know yet, so the verifier has to ask
            List<CitationVerificationRequestedEvent> later = List.of(request("p-e",
                    "Deep Ordinal Regression Network for Monocular Depth Estimation", "1806.02446"));
            stub.outage(503);
            assertThatThrownBy(() -> outage.attempt(later, () -> verifier.verifyAll(later)))
                    .isInstanceOf(ServiceUnavailableException.class);

            assertThat(pauses).containsExactly(FIRST, FIRST.multipliedBy(2), FIRST);
            assertThat(notices.getLast()).contains("since " + second);
        }
    }

    @Test
    void each_wait_is_drawn_between_half_and_all_of_its_ceiling() {
        ScholarOutage low = outage(() -> 0.0);
        List<CitationVerificationRequestedEvent> poll = List.of(request("p-d", "t", "1406.2283"));
        for (int i = 0; i < 8; i++) {
            assertThatThrownBy(() -> low.attempt(poll, () -> {
                throw new ServiceUnavailableException("Semantic Scholar", "down");
            })).isInstanceOf(ServiceUnavailableException.class);
        }

        assertThat(pauses).startsWith(FIRST.dividedBy(2), FIRST).endsWith(CAP.dividedBy(2), CAP.dividedBy(2));
    }

    /** A clock the test moves: the pauses pass on it. */
    private static final class SteppingClock extends Clock {

        private Instant now;

        SteppingClock(Instant start) {
            this.now = start;
        }

        void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
