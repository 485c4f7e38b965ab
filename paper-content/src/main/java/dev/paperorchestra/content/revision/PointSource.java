package dev.paperorchestra.content.revision;

import java.util.List;

/**
 * Splits reviews into atomic points, each with its kind and section. Offline: {@link PointSplitter}'s rules; model
 * mode: {@link ModelRevision}. Ids are the reviewer's number and the point's ("R1.3") in both.
 */
@FunctionalInterface
public interface PointSource {

    /**
     * @param reviews the reviews in the order their reviewers are numbered
     * @param tex     the paper as submitted
     */
    List<ReviewPoint> split(List<HumanReview> reviews, String tex);
}
