package dev.paperorchestra.reviewer.review;

/** Reviews one paper version. */
public interface Reviewer {

    ConferenceReview review(ReviewInput input);
}
