package dev.paperorchestra.content.revision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.ScholarRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a verified work becomes in a model-mode revision, wherever the verifier runs (po revise, refine agent). */
class VerifiedWorksTest {

    private static final ScholarRecord SWITCH = ScholarRecord.newBuilder().setScholarId("s2-switch")
            .setTitle(ScriptedRevisionModel.SWITCH_TITLE).setYear(2022)
            .setVenue("Journal of Machine Learning Research").setAuthors(List.of("William Fedus")).build();
    private static final String WITHOUT_SWITCH = RevisionCase.BIB.substring(0,
            RevisionCase.BIB.indexOf("@article{fedus2022switch"));

    @Test
    void a_verified_work_the_paper_lacks_gets_an_entry_written_from_the_record_not_from_the_model() {
        var citation = new VerifiedWorks(WITHOUT_SWITCH, "", title -> Optional.of(SWITCH))
                .find("  " + ScriptedRevisionModel.SWITCH_TITLE + " ").orElseThrow();

        assertThat(citation.key()).isEqualTo("fedus2022switch");
        assertThat(citation.newEntry()).isTrue();
        assertThat(citation.entry()).startsWith("@article{fedus2022switch").contains("Fedus", "2022");
    }

    @Test
    void a_work_the_paper_already_cites_keeps_the_papers_key_and_entry() {
        var citation = new VerifiedWorks(RevisionCase.BIB, "", title -> Optional.of(SWITCH))
                .find(ScriptedRevisionModel.SWITCH_TITLE).orElseThrow();

        assertThat(citation.key()).isEqualTo("fedus2022switch");
        assertThat(RevisionCase.BIB).contains(citation.entry());
    }

    @Test
    void the_verified_bibliography_answers_first_without_a_look_up_and_an_unverified_work_is_not_cited() {
        List<String> asked = new ArrayList<>();
        String extra = RevisionCase.BIB.substring(RevisionCase.BIB.indexOf("@article{fedus2022switch"));
        VerifiedWorks works = new VerifiedWorks(WITHOUT_SWITCH, extra, title -> {
            asked.add(title);
            return Optional.empty();
        });

        assertThat(works.find(ScriptedRevisionModel.SWITCH_TITLE)).hasValueSatisfying(citation ->
                assertThat(citation.key()).isEqualTo("fedus2022switch"));
        assertThat(asked).isEmpty();
        assertThat(works.find("A Paper Nobody Wrote")).isEmpty();
        assertThat(works.find("   ")).isEmpty();
        assertThat(asked).containsExactly("A Paper Nobody Wrote");
    }

    @Test
    void a_new_key_never_collides_with_one_the_paper_uses() {
        assertThat(VerifiedWorks.key(SWITCH, Set.of("fedus2022switch", "fedus2022switch2")))
                .isEqualTo("fedus2022switch3");
    }
}
