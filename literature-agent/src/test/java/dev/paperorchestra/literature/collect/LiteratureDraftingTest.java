package dev.paperorchestra.literature.collect;

import static dev.paperorchestra.literature.Fixtures.candidate;
import static dev.paperorchestra.literature.Fixtures.context;
import static dev.paperorchestra.literature.Fixtures.ref;
import static dev.paperorchestra.literature.Fixtures.rejected;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.LiteratureDraftRequestedEvent;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LiteratureDraftingTest {

    private static final Instant NOW = Instant.parse("2025-01-10T09:05:00Z");

    private final List<LiteratureDraftRequestedEvent> finished = new ArrayList<>();
    private final LiteratureDrafting drafting = new LiteratureDrafting(request -> {
        finished.add(request);
        return new LiteratureFinisher.Artifacts(ref("map"), ref("bib"), ref("draft"), 2, 1);
    }, "literature-agent", "literature", Clock.fixed(NOW, ZoneOffset.UTC));

    private static LiteratureDraftRequestedEvent request() {
        return LiteratureDraftRequestedEvent.newBuilder().setContext(context("p1", "2024-11-01"))
                .setVerdicts(List.of(rejected(candidate("Paper A").build(), "no-abstract", "no abstract"),
                        rejected(candidate("Paper B").build(), "no match in s2"),
                        rejected(candidate("Paper C").build(), "no-abstract", "no abstract")))
                .setCandidateCount(2).setCandidatesFound(3).setScholarRequests(1).setCacheHits(2)
                .setResolvedByRequests(1).setScholarSource("offline-replay").setReplayLookups(4).build();
    }

    @Test
    void the_literature_ready_event_carries_the_artifacts_and_the_collections_counts() {
        LiteratureReadyEvent drafted = drafting.draft(request());

        assertThat(finished).containsExactly(request());
        assertThat(drafted.getDraft()).isEqualTo(ref("draft"));
        assertThat(drafted.getVerifiedCount()).isEqualTo(2);
        assertThat(drafted.getRejectedCount()).isEqualTo(1);
        assertThat(drafted.getCandidatesFound()).isEqualTo(3);
        assertThat(drafted.getCandidateCount()).isEqualTo(2);
        assertThat(drafted.getScholarRequests()).isEqualTo(1);
        assertThat(drafted.getCacheHits()).isEqualTo(2);
        assertThat(drafted.getResolvedByRequests()).isEqualTo(1);
        assertThat(drafted.getScholarSource()).isEqualTo("offline-replay");
        assertThat(drafted.getReplayLookups()).isEqualTo(4);
        assertThat(drafted.getRejectedByReason()).containsExactly(Map.entry("no-abstract", 2), Map.entry("other", 1));
    }

    @Test
    void the_literature_stage_is_timed_when_the_draft_is_done() {
        LiteratureReadyEvent drafted = drafting.draft(request());

        assertThat(drafted.getContext().getTimings()).singleElement().satisfies(timing -> {
            assertThat(timing.getStage()).isEqualTo("literature");
            assertThat(timing.getFinishedAt()).isEqualTo(NOW);
        });
    }

    @Test
    void the_status_line_counts_verified_and_rejected_citations_and_says_offline() {
        assertThat(LiteratureDrafting.summary(drafting.draft(request())))
                .isEqualTo("2 verified citations, 1 rejected (offline)");
    }

    /** Offline materials without scholar records verify nothing: the line says so and why, never just "0". */
    @Test
    void the_status_line_says_no_source_could_be_verified_and_why() {
        LiteratureDrafting none = new LiteratureDrafting(request -> new LiteratureFinisher.Artifacts(ref("map"),
                ref("bib"), ref("draft"), 0, 0), "literature-agent", "literature", Clock.fixed(NOW, ZoneOffset.UTC));
        LiteratureDraftRequestedEvent withoutRecords = LiteratureDraftRequestedEvent.newBuilder()
                .setContext(context("p2", "2024-11-01")).setVerdicts(List.of()).setCandidateCount(0)
                .setCandidatesFound(0).setScholarRequests(0).setCacheHits(0).setResolvedByRequests(0)
                .setReplayLookups(0).build();

        assertThat(LiteratureDrafting.summary(none.draft(withoutRecords))).isEqualTo("0 verified citations, 0 rejected "
                + "(offline): no source could be verified (the materials bring no scholar_records.json and no "
                + "scholarly API was given), so the paper cites nothing");
    }
}
