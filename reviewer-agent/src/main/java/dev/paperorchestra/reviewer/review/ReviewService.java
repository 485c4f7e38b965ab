package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.content.materials.Guidelines;
import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperVersion;
import dev.paperorchestra.schemas.RefinementState;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import dev.paperorchestra.schemas.ReviewScores;
import dev.paperorchestra.schemas.PanelMemberReviewedEvent;
import dev.paperorchestra.schemas.PanelReviewRequestedEvent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reviews the candidate of a review request: reads it (LaTeX and PDF) from the blob store, lets the reviewer
 * of the job's mode score it, stores the review JSON and answers with the loop state echoed unchanged.
 */
public final class ReviewService {

    /** The format name of an offline review: conference-style fields, scored by the fixed rubric. */
    public static final String OFFLINE_FORMAT = "conference (offline rubric)";

    private final BlobStore blobs;
    private final Reviewer offline;
    private final Reviewer model;
    private final ReviewFormat format;
    private final PanelMetrics metrics;

    /**
     * @param format the format the model reviewer answers in (the offline rubric is always conference-style)
     */
    public ReviewService(BlobStore blobs, Reviewer offline, Reviewer model, ReviewFormat format) {
        this(blobs, offline, model, format, PanelMetrics.NONE);
    }

    public ReviewService(BlobStore blobs, Reviewer offline, Reviewer model, ReviewFormat format,
            PanelMetrics metrics) {
        this.blobs = blobs;
        this.offline = offline;
        this.model = model;
        this.format = format;
        this.metrics = metrics;
    }

    public ReviewCompletedEvent review(ReviewRequestedEvent request) {
        RefinementState state = request.getState();
        PaperContext context = state.getDraft().getContext();
        boolean isOffline = ModelMode.isOffline(context);
        Review review = (isOffline ? offline : model).review(inputOf(request.getPaperId(), state));
        return completed(request.getPaperId(), state, review, isOffline ? OFFLINE_FORMAT : format.label());
    }

    private ReviewCompletedEvent completed(String paperId, RefinementState state, Review review, String formatLabel) {
        metrics.reviewed(review);
        ArtifactRef stored = blobs.putText(Json.mapper().writeValueAsString(saved(review, formatLabel)),
                MediaTypes.JSON);
        return ReviewCompletedEvent.newBuilder()
                .setPaperId(paperId)
                .setState(state)
                .setReview(stored)
                .setScores(review.scores())
                .build();
    }

    /**
     * Whether this request fans out to the panel's members, one record each: a model-mode review by a panel of
     * two or more seats. A single reviewer (and the offline rubric) is reviewed in the request's own listener, as
     * before: with one seat there is nothing to run in parallel and nothing to proceed without, so its failure is
     * the review's failure, retried and dead-lettered as the request.
     */
    public boolean fansOut(ReviewRequestedEvent request) {
        return model instanceof ModelReviewer panel && panel.seats().size() > 1
                && !ModelMode.isOffline(request.getState().getDraft().getContext());
    }

    /** One record per seat of the panel, keyed paperId/seat by the caller. */
    public List<PanelReviewRequestedEvent> fanOut(ReviewRequestedEvent request) {
        ModelReviewer panel = panel();
        List<PanelReviewRequestedEvent> seats = new ArrayList<>();
        for (int seat = 0; seat < panel.seats().size(); seat++) {
            seats.add(PanelReviewRequestedEvent.newBuilder().setPaperId(request.getPaperId()).setSeat(seat)
                    .setSeatName(panel.seats().get(seat).name()).setSeats(panel.seats().size())
                    .setQuorum(panel.quorum()).setState(request.getState()).build());
        }
        return seats;
    }

    /**
     * One member's review of the version, stored as saved reviews keep members.
     *
     * @throws dev.paperorchestra.base.errors.RetriableException when the member's provider still fails after
     *         the gateway's retries (Kafka redelivers the record; past its attempts, {@link #memberFailed})
     */
    public PanelMemberReviewedEvent reviewSeat(PanelReviewRequestedEvent request) {
        MemberReview member = panel().reviewSeat(inputOf(request.getPaperId(), request.getState()),
                request.getSeat());
        ArtifactRef stored = blobs.putText(Json.mapper().writeValueAsString(saved(member, format.label())),
                MediaTypes.JSON);
        return outcome(request).setReview(stored).build();
    }

    /** The outcome of a member left out: its provider failed past its retries, or its answer was unusable. */
    public static PanelMemberReviewedEvent memberFailed(PanelReviewRequestedEvent request, String reason) {
        return outcome(request).setFailure(reason).build();
    }

    private static PanelMemberReviewedEvent.Builder outcome(PanelReviewRequestedEvent request) {
        return PanelMemberReviewedEvent.newBuilder().setPaperId(request.getPaperId()).setSeat(request.getSeat())
                .setSeatName(request.getSeatName()).setSeats(request.getSeats()).setQuorum(request.getQuorum())
                .setState(request.getState()).setReview(null).setFailure(null);
    }

    /**
     * The panel's review from its members' outcomes (at least the quorum reviewed): the members' stored reviews
     * in seat order, the failed seats named with why, the meta-review and agreement as a direct panel has them.
     */
    public ReviewCompletedEvent gathered(List<PanelMemberReviewedEvent> outcomes) {
        List<PanelMemberReviewedEvent> bySeat = outcomes.stream()
                .sorted(Comparator.comparingInt(PanelMemberReviewedEvent::getSeat)).toList();
        List<Review> members = new ArrayList<>();
        List<PanelReview.Absence> absent = new ArrayList<>();
        for (PanelMemberReviewedEvent outcome : bySeat) {
            ArtifactRef review = outcome.getReview();
            if (review == null) {
                absent.add(new PanelReview.Absence(outcome.getSeatName(), outcome.getFailure() == null
                        ? "no review" : outcome.getFailure()));
                continue;
            }
            JsonNode json = Json.mapper().readTree(blobs.getText(review));
            members.add(MemberReview.fromSaved(json, ReviewFormat.ofLabel(json.path("Format").asString(""),
                    format)));
        }
        ModelReviewer panel = panel();
        PanelMemberReviewedEvent first = bySeat.getFirst();
        return completed(first.getPaperId(), first.getState(), new PanelReview(members, absent, panel.rubric(),
                panel.disagreementSpread()), format.label());
    }

    private ModelReviewer panel() {
        if (!(model instanceof ModelReviewer panel)) {
            throw new IllegalStateException("the reviewer panel is reviewed by the model reviewer");
        }
        return panel;
    }

    /**
     * The review as saved under reviews/: its own fields, the format, and the exact scores the acceptance rule
     * reads, so every decision can be recomputed from the saved reviews.
     */
    static ObjectNode saved(Review review, String format) {
        ObjectNode json = review.toJson();
        json.put("Format", format);
        if (!json.has("RubricVersion")) {
            // the offline reviewer measures form by its own fixed rules; it scores no rubric criteria
            json.putNull("RubricVersion");
        }
        ReviewScores scores = review.scores();
        ObjectNode scoresJson = json.putObject("scores").put("overall", scores.getOverall());
        ObjectNode sub = scoresJson.putObject("subScores");
        scores.getSubScores().forEach(sub::put);
        scoresJson.put("decision", scores.getDecision());
        return json;
    }

    ReviewInput inputOf(ReviewRequestedEvent request) {
        return inputOf(request.getPaperId(), request.getState());
    }

    private ReviewInput inputOf(String paperId, RefinementState state) {
        PaperContext context = state.getDraft().getContext();
        PaperVersion candidate = state.getCandidate();
        LatexTemplate template = LatexTemplate.parse(blobs.getText(context.getMaterials().getTemplate()));
        return new ReviewInput(paperId, state.getIteration(), candidate.getVersion(),
                blobs.getText(candidate.getTex()), candidate.getCompile(), template.sections(), pageLimit(context),
                LatexReferences.bibKeys(blobs.getText(state.getDraft().getBibliography())),
                candidate.getPdf() == null ? null : blobs.get(candidate.getPdf()));
    }

    /** The job's page limit wins; else the one the guidelines state. */
    private @Nullable Integer pageLimit(PaperContext context) {
        Integer fromJob = context.getOptions().getPageLimit();
        if (fromJob != null) {
            return fromJob;
        }
        return Guidelines.parse(blobs.getText(context.getMaterials().getGuidelines())).pageLimit().orElse(null);
    }
}
