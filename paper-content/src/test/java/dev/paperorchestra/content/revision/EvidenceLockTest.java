package dev.paperorchestra.content.revision;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvidenceLockTest {

    @TempDir
    Path directory;

    /** A scripted proposer that answers the AdaBins point with a number nobody measured and a citation nobody verified. */
    private static final EditProposer FABRICATING = (point, decision, tex) -> point.id().equals("R1.2")
            ? List.of(new Edit(point.id(), point.section(), "", "AdaBins reaches an AbsRel of 0.087 on NYU Depth "
                    + "v2~\\cite{bhat2021adabins}, which our method beats.", decision.evidence(), ""))
            : new RuleEdits(RevisionCase.materials(), new BibliographyCitations(RevisionCase.BIB, ""))
                    .propose(point, decision, tex);

    private static PointAnswer answer(RevisionResult result, String id) {
        return result.answers().stream().filter(answer -> answer.point().id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void audit_rejects_a_fabricating_edit_and_the_point_is_answered_without_it() {
        RevisionResult result = PaperReviser.offline(RevisionCase.materials(), "").withProposer(FABRICATING)
                .revise("paper-1", RevisionCase.reviews(directory));

        PointAnswer adabins = answer(result, "R1.2");
        assertThat(adabins.edits()).singleElement().satisfies(edit -> {
            assertThat(edit.outcome()).isEqualTo(EditDecision.Outcome.REJECTED);
            assertThat(edit.reasons()).containsExactly(
                    "number 0.087 is in neither the paper, the experimental log nor the idea",
                    "\\cite key `bhat2021adabins' is not a verified reference");
        });
        assertThat(adabins.planned().decision()).isEqualTo(DecisionKind.ADD);
        assertThat(adabins.answered().decision()).isEqualTo(DecisionKind.LEFT_TO_AUTHORS);
        assertThat(adabins.answered().reason()).contains("rejected by the evidence lock or the fabrication audit");
        assertThat(result.tex()).doesNotContain("0.087").doesNotContain("bhat2021adabins");
        assertThat(result.count(EditDecision.Outcome.KEPT)).isEqualTo(4);
    }

    @Test
    void audit_accepts_logged_numbers_and_verified_keys() {
        FabricationAudit audit = new FabricationAudit(RevisionCase.materials());

        assertThat(audit.findings(new Edit("R1.2", "Experiments", "", "AdaBins reaches 0.1030 AbsRel and 78M "
                + "parameters, against 41~\\cite{fedus2022switch}; see Table~\\ref{tab:x9} at 0.5\\linewidth.",
                List.of(), ""))).isEmpty();
    }

    @Test
    void audit_accepts_a_new_key_only_with_its_verified_entry_as_evidence() {
        FabricationAudit audit = new FabricationAudit(RevisionCase.materials());
        String entry = "@article{bhat2021adabins,\n  title = {AdaBins: Depth Estimation Using Adaptive Bins},\n}";

        assertThat(audit.findings(new Edit("R1.1", "Related Work", "", "See~\\cite{bhat2021adabins}.",
                List.of(new Evidence(Evidence.Source.BIBLIOGRAPHY, entry)), entry))).isEmpty();
        assertThat(audit.findings(new Edit("R1.1", "Related Work", "", "See~\\cite{bhat2021adabins}.",
                List.of(), entry))).containsExactly("\\cite key `bhat2021adabins' is not a verified reference");
    }

    @Test
    void audit_refuses_file_reading_primitives_in_new_text() {
        FabricationAudit audit = new FabricationAudit(RevisionCase.materials());

        assertThat(audit.findings(new Edit("R1.3", "Method", "", "\\input{/etc/passwd}", List.of(), "")))
                .singleElement().asString().contains("\\input");
    }

    @Test
    void lock_refuses_an_edit_outside_the_section_its_point_concerns() {
        RevisionMaterials materials = RevisionCase.materials();
        ReviewPoint point = new ReviewPoint("R1.3", "reviewer1", "The notation is unclear.", PointKind.CLARITY,
                "Method");
        PointDecision decision = new PointDecision("R1.3", DecisionKind.REVISE, "because", List.of());
        EvidenceLock lock = new EvidenceLock(new FabricationAudit(materials));

        EditCheck check = lock.check(new Edit("R1.3", "Conclusion", "", "Sparse routing is clear.", List.of(), ""),
                point, decision, materials.tex());

        assertThat(check).isInstanceOfSatisfying(EditCheck.Refused.class, refused -> assertThat(refused.reasons())
                .containsExactly("the edit changes section \"Conclusion\" but point R1.3 concerns \"Method\""));
    }

    @Test
    void lock_refuses_a_passage_that_is_not_in_the_section_and_a_new_section() {
        RevisionMaterials materials = RevisionCase.materials();
        ReviewPoint point = new ReviewPoint("R1.3", "reviewer1", "The notation is unclear.", PointKind.CLARITY,
                "Method");
        PointDecision decision = new PointDecision("R1.3", DecisionKind.REVISE, "because", List.of());
        EvidenceLock lock = new EvidenceLock(new FabricationAudit(materials));

        EditCheck check = lock.check(new Edit("R1.3", "Method", "Sparse routing gives accurate depth",
                "\\section{Extra}", List.of(), ""), point, decision, materials.tex());

        assertThat(check).isInstanceOfSatisfying(EditCheck.Refused.class, refused -> assertThat(refused.reasons())
                .containsExactly("the passage the edit replaces is not in section \"Method\" exactly once",
                        "the new text changes the document's structure (a section, appendix or bibliography)"));
    }
}
