package dev.paperorchestra.literature.collect;

import dev.paperorchestra.runtime.kafka.StageTimings;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.schemas.CitationVerdict;
import dev.paperorchestra.schemas.LiteratureDraftRequestedEvent;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import dev.paperorchestra.schemas.PaperContext;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The last step of a paper's literature stage, once the collector has gathered everything: the finisher
 * builds registry, bibliography and draft (model calls in model mode), and the literature-ready event is made
 * with the collection's counts and the stage's timing.
 */
public final class LiteratureDrafting {

    private final LiteratureFinisher finisher;
    private final String agent;
    private final String stage;
    private final Clock clock;

    public LiteratureDrafting(LiteratureFinisher finisher, String agent, String stage, Clock clock) {
        this.finisher = finisher;
        this.agent = agent;
        this.stage = stage;
        this.clock = clock;
    }

    public LiteratureReadyEvent draft(LiteratureDraftRequestedEvent request) {
        LiteratureFinisher.Artifacts artifacts = finisher.finish(request);
        PaperContext context = StageTimings.append(request.getContext(), stage, agent, clock.instant());
        return LiteratureReadyEvent.newBuilder()
                .setContext(context)
                .setCitationMap(artifacts.citationMap())
                .setBibliography(artifacts.bibliography())
                .setDraft(artifacts.draft())
                .setCandidateCount(request.getCandidateCount())
                .setVerifiedCount(artifacts.verifiedCount())
                .setRejectedCount(artifacts.rejectedCount())
                .setScholarRequests(request.getScholarRequests())
                .setCandidatesFound(request.getCandidatesFound())
                .setCacheHits(request.getCacheHits())
                .setResolvedByRequests(request.getResolvedByRequests())
                .setReplayLookups(request.getReplayLookups())
                .setScholarSource(request.getScholarSource())
                .setRejectedByReason(rejectedByReason(request.getVerdicts()))
                .build();
    }

    /**
     * The paper-status line of a finished literature stage, e.g. "2 verified citations, 1 rejected (offline)".
     * With none verified it says so and why, so nobody reads the uncited paper as one whose sources were checked.
     */
    public static String summary(LiteratureReadyEvent drafted) {
        boolean offline = ModelMode.isOffline(drafted.getContext());
        String counts = drafted.getVerifiedCount() + " verified citations, " + drafted.getRejectedCount() + " rejected"
                + (offline ? " (offline)" : "");
        if (drafted.getVerifiedCount() > 0) {
            return counts;
        }
        String why = offline && drafted.getScholarSource() == null && drafted.getCandidatesFound() == 0
                ? "the materials bring no scholar_records.json and no scholarly API was given"
                : drafted.getRejectedCount() > 0 ? "every candidate was rejected" : "no candidate was found";
        return counts + ": no source could be verified (" + why + "), so the paper cites nothing";
    }

    /** Rejected candidates per rejection category, in category order. */
    static Map<String, Integer> rejectedByReason(List<CitationVerdict> verdicts) {
        Map<String, Integer> counts = new TreeMap<>();
        for (CitationVerdict verdict : verdicts) {
            if (!verdict.getAccepted()) {
                counts.merge(Objects.requireNonNullElse(verdict.getRejection(), "other"), 1, Integer::sum);
            }
        }
        return counts;
    }
}
