package dev.paperorchestra.content.revision;

import java.util.List;

/**
 * One reviewer's review as read from a file: its titled parts in order.
 *
 * @param reviewer who wrote it ("Reviewer_AbCd" from OpenReview signatures, a heading, or the file's name)
 * @param source   the file it came from (for the letter and the logs)
 * @param parts    the review's parts, e.g. "Weaknesses" and its text; a review without headings has one untitled part
 */
public record HumanReview(String reviewer, String source, List<Part> parts) {

    public HumanReview {
        parts = List.copyOf(parts);
    }

    /**
     * @param heading the part's title as written ("Weaknesses", "Questions"), "" when the review has none
     * @param text    the part's text, Markdown or plain
     */
    public record Part(String heading, String text) {
    }
}
