package dev.paperorchestra.content.revision;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeepOnlyWhatHelpsTest {

    @TempDir
    Path directory;

    private static PointAnswer answer(RevisionResult result, String id) {
        return result.answers().stream().filter(answer -> answer.point().id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void an_edit_the_score_drops_with_is_rolled_back_and_the_point_left_to_the_authors() {
        RevisionMaterials materials = RevisionCase.materials();
        AddressedScore offline = new AddressedScore(materials);
        // a score that dislikes the citation sentence: the edit passes the lock and the audit, then scores worse
        RevisionScore score = (tex, edits) -> offline.score(tex, edits) - (tex.contains("Closely related") ? 5 : 0);

        RevisionResult result = PaperReviser.offline(materials, "").withScore(score)
                .revise("paper-1", RevisionCase.reviews(directory));

        PointAnswer citation = answer(result, "R1.1");
        assertThat(citation.edits()).singleElement().satisfies(edit -> {
            assertThat(edit.outcome()).isEqualTo(EditDecision.Outcome.ROLLED_BACK);
            assertThat(edit.scoreAfter()).isLessThan(edit.scoreBefore());
        });
        assertThat(citation.answered().decision()).isEqualTo(DecisionKind.LEFT_TO_AUTHORS);
        assertThat(citation.answered().reason()).startsWith("the edit was rolled back");
        assertThat(result.tex()).doesNotContain("fedus2022switch");
        assertThat(result.count(EditDecision.Outcome.KEPT)).isEqualTo(4);
    }

    @Test
    void the_offline_score_rolls_back_an_edit_that_breaks_references() {
        // a scripted edit that renames the main table's label and points at a table that does not exist: it
        // "addresses" its point but leaves two \ref without a \label
        EditProposer breaking = (point, decision, tex) -> point.id().equals("R1.2")
                ? List.of(new Edit(point.id(), point.section(), "\\label{tab:main}",
                        "\\label{tab:results} (see Table~\\ref{tab:adabins})", decision.evidence(), ""))
                : List.of();

        RevisionResult result = PaperReviser.offline(RevisionCase.materials(), "").withProposer(breaking)
                .revise("paper-1", RevisionCase.reviews(directory));

        assertThat(answer(result, "R1.2").edits()).singleElement()
                .extracting(EditDecision::outcome).isEqualTo(EditDecision.Outcome.ROLLED_BACK);
        assertThat(result.tex()).contains("\\label{tab:main}");
    }

    @Test
    void a_tie_keeps_the_edit() {
        assertThat(EditDecision.keepIfNotWorse(2, 2)).isEqualTo(EditDecision.Outcome.KEPT);
        assertThat(EditDecision.keepIfNotWorse(2, 1.5)).isEqualTo(EditDecision.Outcome.ROLLED_BACK);
    }
}
