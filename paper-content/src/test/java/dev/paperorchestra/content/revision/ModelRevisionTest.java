package dev.paperorchestra.content.revision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.gateway.LlmResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelRevisionTest {

    @TempDir
    Path directory;

    private final ScriptedRevisionModel model = new ScriptedRevisionModel();

    /** The verifier's answer for the Switch Transformers title: the paper's own (uncited) entry. */
    private final CitationLookup verifier = work -> work.equals(ScriptedRevisionModel.SWITCH_TITLE)
            ? BibliographyCitations.sameTitle(RevisionCase.BIB, work) : Optional.empty();

    private RevisionResult revise(CitationLookup lookup) {
        return new ModelRevision(model.gateway(), "paper-1", RevisionCase.materials(), lookup).reviser()
                .revise("paper-1", RevisionCase.reviews(directory));
    }

    private static PointAnswer answer(RevisionResult result, String id) {
        return result.answers().stream().filter(answer -> answer.point().id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void decides_each_point_of_the_three_reviews_as_scripted() {
        RevisionResult result = revise(verifier);

        assertThat(result.answers()).extracting(answer -> answer.point().id() + " " + answer.answered().decision())
                .containsExactlyElementsOf(ScriptedRevisionModel.EXPECTED);
        assertThat(result.points()).extracting(ReviewPoint::reviewer).containsSequence("reviewer1", "reviewer1",
                "reviewer1", "Reviewer 2", "Reviewer 2", "Reviewer_Xy12");
        assertThat(model.calls()).containsEntry("split", 1).containsEntry("decide", 8);
    }

    @Test
    void rejects_the_fabricating_edit_by_the_audit_and_keeps_the_log_table_verbatim() {
        RevisionResult result = revise(verifier);

        List<EditDecision> comparison = answer(result, "R1.2").edits();
        assertThat(comparison).extracting(EditDecision::outcome).containsExactly(EditDecision.Outcome.REJECTED,
                EditDecision.Outcome.KEPT);
        assertThat(comparison.getFirst().reasons()).anySatisfy(reason -> assertThat(reason).contains("12.5"));
        assertThat(result.tex()).doesNotContain("12.5").contains("AdaBins & 0.103 & 0.364 & 78 \\\\",
                "Table~\\ref{tab:revision-r1-2-2}", "\\label{tab:revision-r1-2-2}",
                "Figure~\\ref{fig:revision-r1-2-2}", "\\label{fig:revision-r1-2-2}",
                "\\rule{0.6cm}{3.00cm} & \\rule{0.6cm}{2.85cm}", "\\small 0.103 & \\small 0.098");
    }

    @Test
    void rolls_back_the_edit_that_lowers_the_reviewers_rating_and_leaves_the_point_to_the_authors() {
        RevisionResult result = revise(verifier);

        PointAnswer clarity = answer(result, "R1.3");
        assertThat(clarity.edits()).singleElement().satisfies(edit -> {
            assertThat(edit.outcome()).isEqualTo(EditDecision.Outcome.ROLLED_BACK);
            assertThat(edit.scoreAfter()).isLessThan(edit.scoreBefore());
        });
        assertThat(clarity.answered().decision()).isEqualTo(DecisionKind.LEFT_TO_AUTHORS);
        assertThat(result.tex()).contains("the capacity factor limits the tokens an expert receives");
    }

    @Test
    void corrects_the_error_and_adds_the_detail_with_the_logs_numbers_and_cites_the_verified_work() {
        RevisionResult result = revise(verifier);

        assertThat(result.tex()).contains("The router activates 4 of the 16 experts per token.",
                "learning rate of 0.0002").doesNotContain("activates 8 of");
        assertThat(PaperSections.named(result.tex(), "Related Work").orElseThrow().body())
                .contains("\\cite{fedus2022switch}");
        assertThat(answer(result, "R1.1").answered().evidence()).extracting(Evidence::source)
                .containsExactly(Evidence.Source.BIBLIOGRAPHY);
    }

    @Test
    void answers_the_new_experiment_honestly_even_when_the_model_states_a_number() {
        RevisionResult result = revise(verifier);

        PointAnswer kitti = answer(result, "R2.2");
        assertThat(kitti.answered().reason()).doesNotContainPattern("\\d");
        assertThat(kitti.answered().evidence()).isEmpty();
        assertThat(kitti.edits()).isEmpty();
        assertThat(ResponseLetter.answer(kitti)).doesNotContainPattern("\\d");
        assertThat(new ResponseLetter("").markdown(result.answers())).doesNotContain("0.091");
        assertThat(result.tex()).doesNotContainIgnoringCase("kitti");
    }

    @Test
    void does_not_cite_a_work_the_verifier_cannot_find() {
        RevisionResult result = revise(work -> Optional.empty());

        PointAnswer citation = answer(result, "R1.1");
        assertThat(citation.answered().decision()).isEqualTo(DecisionKind.LEFT_TO_AUTHORS);
        assertThat(citation.answered().reason()).contains("could not be verified");
        assertThat(result.tex()).doesNotContain("fedus2022switch");
    }

    @Test
    void refuses_points_whose_quotes_are_in_no_review_naming_them() {
        ModelRevision revision = new ModelRevision(request -> new LlmResponse("""
                {"points":[{"review":1,"quote":"The paper ignores the KITTI results it reports.","kind":"QUESTION",
                "section":"Results"}]}""", "scripted", "broken", 0, 0, false), "paper-1", RevisionCase.materials(),
                verifier);

        assertThatThrownBy(() -> revision.reviser().revise("paper-1", RevisionCase.reviews(directory)))
                .isInstanceOf(RevisionModelException.class)
                .hasMessageContaining("\"The paper ignores the KITTI results it reports.\" is not in review 1")
                .hasMessageContaining("section \"Results\" is not a section of the paper");
    }

    @Test
    void does_not_let_the_model_write_a_bibtex_entry_or_cite_an_unverified_key() {
        ModelRevision revision = new ModelRevision(request -> {
            String answer = model.answer(request.system(), request.user());
            // the edit cites a key nobody verified
            return new LlmResponse(answer.replace("\\\\cite{fedus2022switch}", "\\\\cite{madeup2024}"), "scripted",
                    "x", 0, 0, false);
        }, "paper-1", RevisionCase.materials(), verifier);

        RevisionResult result = revision.reviser().revise("paper-1", RevisionCase.reviews(directory));

        assertThat(answer(result, "R1.1").edits()).singleElement().satisfies(edit -> {
            assertThat(edit.outcome()).isEqualTo(EditDecision.Outcome.REJECTED);
            assertThat(edit.reasons()).anySatisfy(reason -> assertThat(reason).contains("madeup2024"));
        });
        assertThat(result.tex()).doesNotContain("madeup2024");
    }

    @Test
    void rejects_a_model_edit_that_would_make_tex_read_a_file() {
        ModelRevision revision = new ModelRevision(request -> {
            String answer = model.answer(request.system(), request.user());
            return new LlmResponse(answer.replace("a learning rate of 0.0002",
                    "a learning rate of 0.0002 \\\\input{/etc/passwd}"), "scripted", "x", 0, 0, false);
        }, "paper-1", RevisionCase.materials(), verifier);

        RevisionResult result = revision.reviser().revise("paper-1", RevisionCase.reviews(directory));

        assertThat(answer(result, "R3.1").edits()).singleElement().satisfies(edit -> {
            assertThat(edit.outcome()).isEqualTo(EditDecision.Outcome.REJECTED);
            assertThat(edit.reasons()).anySatisfy(reason -> assertThat(reason).contains("\\input"));
        });
        assertThat(answer(result, "R3.1").answered().decision()).isEqualTo(DecisionKind.LEFT_TO_AUTHORS);
        assertThat(result.tex()).doesNotContain("/etc/passwd");
    }
}
