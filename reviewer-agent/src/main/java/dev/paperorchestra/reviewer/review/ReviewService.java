package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.llm.ModelMode;
import dev.paperorchestra.runtime.materials.Guidelines;
import dev.paperorchestra.runtime.materials.LatexReferences;
import dev.paperorchestra.runtime.materials.LatexTemplate;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperVersion;
import dev.paperorchestra.schemas.RefinementState;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import org.jspecify.annotations.Nullable;

/**
 * Reviews the candidate of a review request: reads it from the blob store, lets the reviewer of the job's
 * mode score it, stores the review JSON and answers with the loop state echoed unchanged.
 */
public final class ReviewService {

    private final BlobStore blobs;
    private final Reviewer offline;
    private final Reviewer model;

    public ReviewService(BlobStore blobs, Reviewer offline, Reviewer model) {
        this.blobs = blobs;
        this.offline = offline;
        this.model = model;
    }

    public ReviewCompletedEvent review(ReviewRequestedEvent request) {
        RefinementState state = request.getState();
        PaperContext context = state.getDraft().getContext();
        ConferenceReview review = (ModelMode.isOffline(context) ? offline : model).review(inputOf(request));
        ArtifactRef stored = blobs.putText(review.toJsonText(), MediaTypes.JSON);
        return ReviewCompletedEvent.newBuilder()
                .setPaperId(request.getPaperId())
                .setState(state)
                .setReview(stored)
                .setScores(review.scores())
                .build();
    }

    ReviewInput inputOf(ReviewRequestedEvent request) {
        RefinementState state = request.getState();
        PaperContext context = state.getDraft().getContext();
        PaperVersion candidate = state.getCandidate();
        LatexTemplate template = LatexTemplate.parse(blobs.getText(context.getMaterials().getTemplate()));
        return new ReviewInput(request.getPaperId(), state.getIteration(), candidate.getVersion(),
                blobs.getText(candidate.getTex()), candidate.getCompile(), template.sections(), pageLimit(context),
                LatexReferences.bibKeys(blobs.getText(state.getDraft().getBibliography())));
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
