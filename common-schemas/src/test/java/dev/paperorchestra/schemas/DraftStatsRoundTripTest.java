package dev.paperorchestra.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.serde.AvroEventDeserializer;
import dev.paperorchestra.schemas.serde.AvroEventSerializer;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The writer's integrity gates, their typed findings included, travel inside the draft's stats through the refinement loop's events; each
 * event schema that embeds DraftStats must carry its current fields (a stale generated schema would drop them).
 */
class DraftStatsRoundTripTest {

    @Test
    void the_writers_gates_survive_a_review_request_round_trip() {
        DraftStats stats = DraftStats.newBuilder().setCandidateCount(1).setVerifiedCitations(1)
                .setRejectedCandidates(0).setScholarRequests(0).setFigureCount(0).setTableCount(0)
                .setGates(List.of(GateOutcome.newBuilder().setGate("CITATIONS").setPassed(false).setChecked(2)
                        .setFindings(List.of("key x missing"))
                        .setTypedFindings(List.of(GateFinding.newBuilder().setGate("CITATIONS").setRule("cite.unknown-key")
                                .setFile("paper.tex").setLine(3).setMessage("key x missing").build())).build()))
                .setRepairs(WriterRepairs.newBuilder().setGates(1).setCompile(0).setPages(0).build())
                .setMainTextPages(8).setPageLimit(9).build();
        PaperVersion version = PaperVersion.newBuilder().setVersion(0).setTex(ref())
                .setCompile(CompileReport.newBuilder().setStatus(CompileStatus.SKIPPED).setMessage("none").build())
                .build();
        PaperDraftedEvent draft = PaperDraftedEvent.newBuilder()
                .setContext(PaperContext.newBuilder().setPaperId("p").setSubmittedAt(Instant.EPOCH)
                        .setMaterials(Materials.newBuilder().setSourceDirectory("d").setIdea(ref())
                                .setExperimentalLog(ref()).setTemplate(ref()).setGuidelines(ref())
                                .setFigures(List.of()).build())
                        .setOptions(JobOptions.newBuilder().build()).setTimings(List.of()).build())
                .setDraft(version).setBibliography(ref()).setCitationMap(ref()).setFigures(List.of()).setStats(stats)
                .build();
        ReviewRequestedEvent request = ReviewRequestedEvent.newBuilder().setPaperId("p")
                .setState(RefinementState.newBuilder().setDraft(draft).setIteration(0).setCandidate(version)
                        .setReviews(List.of()).setStartedAt(Instant.EPOCH).build())
                .build();

        ReviewRequestedEvent back = (ReviewRequestedEvent) new AvroEventDeserializer()
                .deserialize("review-requests", new AvroEventSerializer().serialize("review-requests", request));

        assertThat(back.getState().getDraft().getStats()).isEqualTo(stats);
        assertThat(((PaperDraftedEvent) new AvroEventDeserializer().deserialize("paper-drafts",
                new AvroEventSerializer().serialize("paper-drafts", draft))).getStats()).isEqualTo(stats);
    }

    private static ArtifactRef ref() {
        return ArtifactRef.newBuilder().setUri("file:///blob").setSha256("00").setSizeBytes(1)
                .setMediaType("text/plain").build();
    }
}
