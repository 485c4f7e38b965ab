package dev.paperorchestra.outline.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.outline.plan.Outline.SectionPlan;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The section plan follows the template's skeleton, never a kit's sample sections. */
class SectionPlannerTest {

    private static final String LOG = """
            ## Results

            ### Accuracy

            | Method | Acc |
            |---|---|
            | A | 1.0 |
            """;

    @Test
    void titles_come_from_the_skeleton_by_role_and_never_from_a_sample_section() {
        LatexTemplate template = LatexTemplate.parse("""
                \\documentclass{article}
                \\begin{document}
                \\section{Introduction}
                \\section{Template Overview}
                This kit explains how to typeset a paper with the results of experiments and their evaluation in it.
                \\section{Our Approach}
                \\section{Concluding Remarks}
                \\appendix
                \\section{Additional Experimental Results}
                Sample appendix text of the kit that shows how an appendix with experiments is laid out here.
                \\end{document}
                """);

        List<SectionPlan> plan = SectionPlanner.plan(template, IdeaDigest.parse("## Problem\n\nHard.\n"),
                LogDigest.parse(LOG, MarkdownTables.parse(LOG), Set.of()), List.of());

        assertThat(plan).extracting(SectionPlan::sectionTitle)
                .containsExactly("Abstract", "Our Approach", "Experiments", "Concluding Remarks");
    }
}
