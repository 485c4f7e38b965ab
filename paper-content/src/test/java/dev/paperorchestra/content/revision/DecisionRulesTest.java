package dev.paperorchestra.content.revision;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DecisionRulesTest {

    private final RevisionMaterials materials = RevisionCase.materials();
    private final DecisionRules rules = new DecisionRules(materials, new BibliographyCitations(RevisionCase.BIB, ""));

    private static ReviewPoint point(String quote, PointKind kind, String section) {
        return new ReviewPoint("R9.1", "R", quote, kind, section);
    }

    @Test
    void a_request_for_an_unlogged_dataset_is_not_answered_by_a_table_sharing_only_its_metrics() {
        PointDecision decision = rules.decide(point("Please report AbsRel and RMSE on KITTI for DPT and the proposed "
                + "model.", PointKind.MISSING_EXPERIMENT, "Experiments"));

        assertThat(decision.decision()).isEqualTo(DecisionKind.NEEDS_NEW_EXPERIMENTS);
        assertThat(decision.evidence()).isEmpty();
    }

    @Test
    void a_comparison_whose_table_is_already_in_the_paper_is_rebutted_with_the_log_table() {
        PointDecision decision = rules.decide(point("Please add the main results against DPT on NYU Depth v2 "
                + "with the standard metrics.", PointKind.MISSING_EXPERIMENT, "Experiments"));

        assertThat(decision.decision()).isEqualTo(DecisionKind.REBUT);
        assertThat(decision.reason()).isEqualTo("the paper already reports every number of the log table \"Main "
                + "results on NYU Depth v2\"");
        assertThat(decision.evidence()).extracting(Evidence::source).containsExactly(Evidence.Source.PAPER,
                Evidence.Source.LOG);
        assertThat(decision.evidence().getFirst().quote()).isEqualTo("Table~\\ref{tab:main} reports the main results.");
        assertThat(decision.evidence().getLast().quote()).contains("| DPT | 0.110 | 0.357 |");
    }

    @Test
    void a_citation_already_in_the_paper_is_rebutted_and_an_unknown_work_is_left_to_the_authors() {
        assertThat(rules.decide(point("The related work should cite Eigen et al. on depth map prediction from a "
                + "single image.", PointKind.MISSING_CITATION, "Related Work")).decision()).isEqualTo(DecisionKind.REBUT);
        PointDecision unknown = rules.decide(point("Please cite the survey by Nobody et al. on quantum gardening.",
                PointKind.MISSING_CITATION, "Related Work"));
        assertThat(unknown.decision()).isEqualTo(DecisionKind.LEFT_TO_AUTHORS);
        assertThat(unknown.reason()).contains("in no verified bibliography");
    }

    @Test
    void a_factual_point_the_materials_confirm_is_rebutted_with_both_statements() {
        RevisionMaterials corrected = new RevisionMaterials(materials.tex().replace("activates 8 of", "activates 4 of"),
                materials.bibliography(), materials.experimentalLog(), materials.idea());
        DecisionRules confirmed = new DecisionRules(corrected, new BibliographyCitations(RevisionCase.BIB, ""));

        PointDecision decision = confirmed.decide(point("The claim that the router activates 4 of the 16 experts "
                + "per token is wrong.", PointKind.FACTUAL_ERROR, "Method"));

        assertThat(decision.decision()).isEqualTo(DecisionKind.REBUT);
        assertThat(decision.reason()).isEqualTo("the materials confirm the paper's statement");
        assertThat(decision.evidence()).extracting(Evidence::source).containsExactly(Evidence.Source.PAPER,
                Evidence.Source.LOG);
    }
}
