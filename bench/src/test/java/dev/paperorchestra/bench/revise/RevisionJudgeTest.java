package dev.paperorchestra.bench.revise;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The pairwise verdicts: both orders asked, combined; the offline heuristic prefers the paper covering the points. */
class RevisionJudgeTest {

    private static final List<String> POINTS = List.of("Please compare against AdaBins on NYU Depth v2.",
            "Switch Transformers by Fedus et al. should be cited.");

    @Test
    void the_heuristic_prefers_the_paper_that_covers_the_points_in_either_slot() {
        String original = "We evaluate on NYU Depth v2.";
        String revised = original + " Table 2 compares with AdaBins. Sparse routing follows Switch Transformers "
                + "\\cite{fedus2022switch}.";

        RevisionJudge.Verdict verdict = new AddressedPointsJudge().judge("c", POINTS, revised, original);

        assertThat(verdict.revisedFirst()).isEqualTo("win");
        assertThat(verdict.revisedSecond()).isEqualTo("win");
        assertThat(verdict.combined()).isEqualTo("win");
        assertThat(new AddressedPointsJudge().judge("c", POINTS, original, original).combined()).isEqualTo("tie");
        assertThat(new AddressedPointsJudge().judge("c", POINTS, original, revised).combined()).isEqualTo("loss");
    }

    @Test
    void a_judge_that_always_prefers_the_first_slot_ends_in_a_tie_not_a_win() {
        RevisionJudge firstSlot = new RevisionJudge() {
            @Override
            public String prefer(String caseName, List<String> points, String paper1, String paper2) {
                return "paper_1";
            }

            @Override
            public String label() {
                return "biased";
            }
        };

        RevisionJudge.Verdict verdict = firstSlot.judge("c", POINTS, "revised", "original");

        assertThat(verdict.revisedFirst()).isEqualTo("win");
        assertThat(verdict.revisedSecond()).isEqualTo("loss");
        assertThat(verdict.combined()).isEqualTo("tie");
        assertThat(new RevisionJudge.Verdict("win", "tie").combined()).isEqualTo("win");
        assertThat(new RevisionJudge.Verdict("tie", "tie").combined()).isEqualTo("tie");
        assertThat(new RevisionJudge.Verdict("tie", "loss").combined()).isEqualTo("loss");
    }

    @Test
    void the_offline_label_leaves_no_trace_of_which_paper_is_the_revision() {
        assertThat(ReviseBench.withoutLeadingComments("% offline label\n% more\n\\documentclass{article}"))
                .isEqualTo("\\documentclass{article}");
    }
}
