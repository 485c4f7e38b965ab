package dev.paperorchestra.reviewer.review;

/** Reviews one paper version. */
public interface Reviewer {

    Review review(ReviewInput input);
}
