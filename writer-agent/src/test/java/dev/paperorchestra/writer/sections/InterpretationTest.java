package dev.paperorchestra.writer.sections;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.integrity.ContentGate;
import java.util.List;
import org.junit.jupiter.api.Test;

class InterpretationTest {

    @Test
    void sentences_that_say_what_a_finding_means_leave_the_results_for_the_discussion() {
        String results = """
                \\subsection{Energy profiles}
                We computed energies for every domain in both datasets. This confirms that sequence-based energies \
                approximate structural ones across protein lengths.

                Intraclass distances are lower than interclass distances, indicating that the profiles keep the \
                fold. The projection used 30 neighbours.""";

        Interpretation split = Interpretation.of(results);

        assertThat(split.discussion()).isEqualTo("This confirms that sequence-based energies approximate structural "
                + "ones across protein lengths. Intraclass distances are lower than interclass distances, indicating "
                + "that the profiles keep the fold.");
        assertThat(split.results()).startsWith("\\subsection{Energy profiles}")
                .contains("We computed energies for every domain in both datasets.")
                .contains("The projection used 30 neighbours.")
                .doesNotContain("This confirms", "indicating");
    }

    @Test
    void reporting_sentences_are_not_interpretation() {
        assertThat(Interpretation.interprets("The method was implemented in Python and ran for 12 hours.")).isFalse();
        assertThat(Interpretation.interprets("Accuracy rose from 0.71 to 0.83 (p < 0.01).")).isFalse();
        assertThat(Interpretation.interprets("These results show that depth matters more than width.")).isTrue();
        assertThat(Interpretation.interprets("(suggesting a shared mechanism).")).isTrue();
    }

    /**
     * A template with a Discussion and materials that hold nothing else for it: the Discussion is what the results
     * say they mean, moved from the results; with nothing of that either, a required Discussion states its cause.
     */
    @Test
    void the_offline_writer_gives_an_otherwise_empty_discussion_the_results_interpretation() {
        String template = OfflinePaperShapeTest.KIT_TEMPLATE.replace("\\section{Conclusion}\nConclusion here.\n", "");
        String idea = """
                # Energy profiles for fast protein comparison
                ## Method in brief
                Each protein is summarised by a profile of 210 pairwise interaction energies computed from its \
                sequence, and two proteins are compared by the Manhattan distance between their profiles, which \
                needs no structural alignment and scales to whole proteomes in minutes on one machine.
                """;
        String log = """
                # Log
                ## Key results
                - Energies estimated from sequence correlate with those from structure (Pearson r = 0.97 on 9,000 \
                domains), which confirms that sequence-based profiles can stand in for structural ones.
                - Intraclass distances are lower than interclass distances for every fold tested, indicating that \
                the profiles keep the structural class of a domain across the whole hierarchy.
                - The comparison of 4,405 proteins took 12 seconds.
                """;
        String tex = new SectionWriter().write(new WriterInputs(template, idea, log, List.of())
                .withMandatorySections(List.of("results", "discussion"))).tex();

        String discussion = RelatedWorkWithoutSourcesTest.section(tex, "Discussion");
        assertThat(discussion).contains("which confirms that sequence-based profiles can stand in")
                .contains("indicating that the profiles keep the structural class");
        assertThat(tex).containsOnlyOnce("which confirms that").containsOnlyOnce("indicating that");
        assertThat(ContentGate.check(tex, idea + "\n" + log).messages())
                .noneMatch(finding -> finding.contains("Discussion") || finding.contains("written twice"));

        String plain = new SectionWriter().write(new WriterInputs(template, idea, "# Log\n## Key results\n"
                + "- The comparison of 4,405 proteins took 12 seconds.\n", List.of())
                .withMandatorySections(List.of("results", "discussion"))).tex();
        assertThat(ContentGate.check(plain, idea).findings()).anySatisfy(finding -> {
            assertThat(finding.rule()).isEqualTo(ContentGate.UNFILLED);
            assertThat(finding.message()).startsWith("section \"Discussion\"").contains("nothing to discuss");
        });
    }
}
