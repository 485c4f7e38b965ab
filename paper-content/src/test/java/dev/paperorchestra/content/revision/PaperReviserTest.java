package dev.paperorchestra.content.revision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PaperReviserTest {

    @TempDir
    Path directory;

    private RevisionResult revise() {
        return PaperReviser.offline(RevisionCase.materials(), "").revise("paper-1", RevisionCase.reviews(directory));
    }

    private static PointAnswer answer(RevisionResult result, String id) {
        return result.answers().stream().filter(answer -> answer.point().id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void splits_the_three_reviews_into_located_points_of_the_expected_kinds() {
        List<ReviewPoint> points = revise().points();

        assertThat(points).extracting(ReviewPoint::id, ReviewPoint::reviewer, ReviewPoint::kind, ReviewPoint::section)
                .containsExactly(
                        tuple("R1.1", "reviewer1", PointKind.MISSING_CITATION, "Related Work"),
                        tuple("R1.2", "reviewer1", PointKind.MISSING_EXPERIMENT, "Experiments"),
                        tuple("R1.3", "reviewer1", PointKind.CLARITY, "Method"),
                        tuple("R2.1", "Reviewer 2", PointKind.FACTUAL_ERROR, "Method"),
                        tuple("R2.2", "Reviewer 2", PointKind.MISSING_EXPERIMENT, "Experiments"),
                        tuple("R3.1", "Reviewer_Xy12", PointKind.MISSING_DETAIL, "Experiments"),
                        tuple("R3.2", "Reviewer_Xy12", PointKind.PRESENTATION, null),
                        tuple("R3.3", "Reviewer_Xy12", PointKind.QUESTION, "Experiments"));
    }

    @Test
    void decides_each_point_by_its_kind_and_evidence() {
        RevisionResult result = revise();

        assertThat(result.answers()).extracting(answer -> answer.point().id(), answer -> answer.answered().decision())
                .containsExactly(
                        tuple("R1.1", DecisionKind.ADD),
                        tuple("R1.2", DecisionKind.ADD),
                        tuple("R1.3", DecisionKind.REVISE),
                        tuple("R2.1", DecisionKind.REVISE),
                        tuple("R2.2", DecisionKind.NEEDS_NEW_EXPERIMENTS),
                        tuple("R3.1", DecisionKind.REVISE),
                        tuple("R3.2", DecisionKind.LEFT_TO_AUTHORS),
                        tuple("R3.3", DecisionKind.REBUT));
        assertThat(result.count(EditDecision.Outcome.KEPT)).isEqualTo(5);
        assertThat(result.count(EditDecision.Outcome.REJECTED)).isZero();
    }

    @Test
    void adds_the_logged_comparison_with_every_number_verbatim() {
        RevisionResult result = revise();

        String experiments = PaperSections.named(result.tex(), "Experiments").orElseThrow().body();
        assertThat(experiments).contains("AdaBins & 0.103 & 0.364 & 78 \\\\", "Ours & 0.098 & 0.331 & 41 \\\\",
                "\\ref{tab:revision-r1-2}", "\\label{tab:revision-r1-2}", "\\toprule");
        assertThat(answer(result, "R1.2").answered().evidence()).singleElement()
                .satisfies(evidence -> assertThat(evidence.source()).isEqualTo(Evidence.Source.LOG));
    }

    @Test
    void cites_the_verified_work_the_reviewer_names_in_the_related_work_only() {
        RevisionResult result = revise();

        assertThat(PaperSections.named(result.tex(), "Related Work").orElseThrow().body())
                .contains("\\cite{fedus2022switch}");
        assertThat(PaperSections.named(result.tex(), "Introduction").orElseThrow().body())
                .isEqualTo(PaperSections.named(RevisionCase.TEX, "Introduction").orElseThrow().body());
    }

    @Test
    void corrects_the_factual_error_with_the_logged_number() {
        RevisionResult result = revise();

        assertThat(result.tex()).contains("The router activates 4 of the 16 experts per token.")
                .doesNotContain("activates 8 of");
        assertThat(answer(result, "R2.1").answered().evidence()).extracting(Evidence::quote)
                .contains("The router activates 4 of the 16 experts per token.");
    }

    @Test
    void clarifies_and_adds_the_missing_detail_from_the_materials() {
        RevisionResult result = revise();

        assertThat(PaperSections.named(result.tex(), "Method").orElseThrow().body())
                .contains("the capacity factor limits the tokens an expert receives. The capacity factor bounds how "
                        + "many tokens one expert may process in a batch");
        assertThat(PaperSections.named(result.tex(), "Experiments").orElseThrow().body())
                .contains("learning rate of 0.0002");
    }

    @Test
    void answers_the_new_experiment_honestly_without_numbers_and_changes_nothing_for_it() {
        RevisionResult result = revise();

        PointAnswer kitti = answer(result, "R2.2");
        assertThat(kitti.edits()).isEmpty();
        assertThat(kitti.answered().evidence()).isEmpty();
        assertThat(ResponseLetter.answer(kitti)).contains("not run").doesNotContainPattern("\\d");
        assertThat(result.tex()).doesNotContainIgnoringCase("kitti");
    }

    @Test
    void rebuts_the_question_with_the_paper_sentence_that_answers_it() {
        RevisionResult result = revise();

        assertThat(answer(result, "R3.3").answered().evidence()).extracting(Evidence::source, Evidence::quote)
                .containsExactly(tuple(Evidence.Source.PAPER, "We evaluate on NYU Depth v2 with the standard split."));
    }

    @Test
    void is_deterministic() {
        RevisionResult first = revise();
        RevisionResult second = PaperReviser.offline(RevisionCase.materials(), "").revise("paper-1",
                RevisionCase.reviews(directory.resolve("..").normalize().resolve(directory.getFileName())));

        assertThat(second.tex()).isEqualTo(first.tex());
        assertThat(second.answers()).isEqualTo(first.answers());
    }
}
