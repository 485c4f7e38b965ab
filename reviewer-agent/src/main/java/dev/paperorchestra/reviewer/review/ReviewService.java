package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.runtime.llm.ModelMode;
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
import org.jspecify.annotations.Nullable;
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
        Review review = (isOffline ? offline : model).review(inputOf(request));
        metrics.reviewed(review);
        ArtifactRef stored = blobs.putText(Json.mapper().writeValueAsString(saved(review,
                isOffline ? OFFLINE_FORMAT : format.label())), MediaTypes.JSON);
        return ReviewCompletedEvent.newBuilder()
                .setPaperId(request.getPaperId())
                .setState(state)
                .setReview(stored)
                .setScores(review.scores())
                .build();
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
        RefinementState state = request.getState();
        PaperContext context = state.getDraft().getContext();
        PaperVersion candidate = state.getCandidate();
        LatexTemplate template = LatexTemplate.parse(blobs.getText(context.getMaterials().getTemplate()));
        return new ReviewInput(request.getPaperId(), state.getIteration(), candidate.getVersion(),
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
