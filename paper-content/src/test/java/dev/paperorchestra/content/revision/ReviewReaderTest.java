package dev.paperorchestra.content.revision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReviewReaderTest {

    @Test
    void reads_openreview_v2_notes_with_wrapped_values_and_skips_non_reviews() {
        List<HumanReview> reviews = ReviewReader.openReview(RevisionCase.REVIEW_OPENREVIEW, "r.json");

        assertThat(reviews).singleElement().satisfies(review -> {
            assertThat(review.reviewer()).isEqualTo("Reviewer_Xy12");
            assertThat(review.parts()).extracting(HumanReview.Part::heading)
                    .containsExactly("summary", "strengths", "weaknesses", "questions");
        });
    }

    @Test
    void reads_an_openreview_v1_array_with_plain_string_values() {
        String json = """
                [{"signatures": ["ICLR.cc/2020/Conference/Paper7/AnonReviewer2"],
                  "content": {"review": "The method is unclear. Please compare with X.", "rating": "6: Weak Accept"}},
                 {"signatures": ["ICLR.cc/2020/Conference/Program_Chairs"],
                  "content": {"decision": "Accept (Poster)"}}]
                """;

        assertThat(ReviewReader.openReview(json, "r.json")).extracting(HumanReview::reviewer, review -> review.parts()
                .getFirst().heading()).containsExactly(tuple("AnonReviewer2", "review"));
    }

    @Test
    void reads_several_reviewers_from_one_markdown_file() {
        String text = """
                # Reviewer 1
                **Weaknesses**
                - The ablation is missing.

                # Reviewer 2
                Questions:
                What is the batch size?
                """;

        assertThat(ReviewReader.text(text, "reviews", "reviews.md")).extracting(HumanReview::reviewer,
                review -> review.parts().getFirst().heading()).containsExactly(tuple("Reviewer 1", "Weaknesses"),
                tuple("Reviewer 2", "Questions"));
    }

    @Test
    void names_the_reviewer_after_the_file_when_the_text_does_not() {
        assertThat(ReviewReader.text("Weaknesses:\nThe notation is unclear.", "bob", "bob.txt"))
                .singleElement().extracting(HumanReview::reviewer).isEqualTo("bob");
    }

    @Test
    void refuses_invalid_json_with_the_file_name() {
        assertThatThrownBy(() -> ReviewReader.openReview("{not json", "r3.json"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("r3.json is not valid JSON");
    }

    @Test
    void splits_a_paragraph_into_atomic_points_where_the_kind_changes() {
        List<HumanReview> review = List.of(new HumanReview("R", "r.txt", List.of(new HumanReview.Part("Weaknesses",
                "The claim in Section 3 is incorrect. It also contradicts Table 1. Please compare with DPT on KITTI "
                        + "(e.g. as Smith et al. do)."))));

        assertThat(PointSplitter.split(review, RevisionCase.TEX)).extracting(ReviewPoint::kind, ReviewPoint::section)
                .containsExactly(tuple(PointKind.FACTUAL_ERROR, "Method"),
                        tuple(PointKind.MISSING_EXPERIMENT, "Experiments"));
    }
}
