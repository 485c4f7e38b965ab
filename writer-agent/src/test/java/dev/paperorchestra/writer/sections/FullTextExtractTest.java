package dev.paperorchestra.writer.sections;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The offline writer on a full-text extract of a published study (a JATS or bioRxiv export reduced to an idea
 * summary and a log of key results): its problem is spread over a "Core question" and a "Motivation / gap", its
 * results are bullets under a results heading with no table, and the text is what the paper is drawn from.
 */
class FullTextExtractTest {

    static final String IDEA = """
            # Idea Summary: Tide pool snails and shell thickness

            ## Working title
            Shell thickness of tide pool snails along a wave exposure gradient

            ## Core question
            Does wave exposure change how thick the shells of tide pool snails grow?

            ## Motivation / gap
            - Shell thickness protects snails from crabs but costs calcium that sheltered pools hold little of.
            - Earlier surveys measured shells on one shore only, so exposure and site were never told apart.
            - Wave exposure also changes water temperature, which slows shell growth in the coldest pools.
            - A survey across twelve shores of known exposure separates the two effects for the first time.

            ## Core contribution (bullet form)
            - A survey of shell thickness in 480 snails from twelve shores of known wave exposure
            - A separation of the effects of exposure and water temperature on shell growth

            ## Why it matters
            Shell thickness is a cheap record of how predators and waves shape a population over its lifetime.
            A thickness survey could tell managers which shores protect their snails without a year of counts.

            ## Method in brief
            - Measure shell thickness at the aperture lip with calipers for 40 snails per pool
            - Record wave exposure from a fetch model and water temperature with loggers
            """;

    static final String LOG = """
            # Experimental Log: Shell thickness analysis along twelve shores

            ## Key Results
            - Shells on exposed shores were 0.41 mm thicker on average than shells on sheltered shores.
            - Water temperature explained less of the variation than exposure in every month of the survey.
            - Snails moved between pools less than two metres over the summer, so each pool kept its own snails.
            - Crab density was highest on the sheltered shores, where the thinnest shells were found.
            - Shell thickness rose with exposure on eleven of the twelve shores; the twelfth was a harbour wall.

            ## Ground Truth Reference
            - Figures: 4
            - Tables: 1
            """;

    private final SectionWriter writer = new SectionWriter();

    private String write() {
        return write(List.of());
    }

    private String write(List<String> mandatory) {
        return write(OfflinePaperShapeTest.KIT_TEMPLATE, mandatory);
    }

    private String write(String template, List<String> mandatory) {
        return writer.write(new WriterInputs(template, IDEA, LOG, List.of()).withMandatorySections(mandatory)).tex();
    }

    /** A machine-learning kit: Method, Experiments and Conclusion, no Discussion. */
    private static String mlTemplate() {
        return OfflinePaperShapeTest.KIT_TEMPLATE.replace("\\section{Results}", "\\section{Experiments}")
                .replace("\\section{Discussion}\n", "");
    }

    @Test
    void without_required_names_the_templates_headings_stay() {
        List<String> titles = DraftSections.main(TexDocument.parse(write(mlTemplate(), List.of()))).stream()
                .map(s -> s.title()).toList();

        assertThat(titles).contains("Method", "Experiments").doesNotContain("Discussion", "Results");
    }

    /**
     * A life-sciences journal requires Introduction, Results, Discussion and Methods: the paper has them under
     * those names, and the Discussion, which the template lacks, holds why the work matters.
     */
    @Test
    void the_sections_the_guidelines_require_are_there_under_their_names() {
        String journal = mlTemplate().replace("\\section{Experiments}\nYour results go here.\n", "");
        String tex = write(journal, List.of("introduction", "results", "discussion", "methods"));

        List<String> titles = DraftSections.main(TexDocument.parse(tex)).stream().map(s -> s.title()).toList();
        assertThat(titles).contains("Introduction", "Results", "Discussion", "Methods")
                .doesNotContain("Experiments", "Method");
        assertThat(titles.indexOf("Results")).isLessThan(titles.indexOf("Discussion"));
        assertThat(body(tex, SectionRole.DISCUSSION)).contains("which shores protect their snails");
    }

    private static String body(String tex, SectionRole role) {
        TexDocument document = TexDocument.parse(tex);
        return document.text(DraftSections.of(document, role).orElseThrow().body());
    }

    @Test
    void the_introduction_states_the_question_and_the_motivation_behind_it() {
        assertThat(body(write(), SectionRole.INTRODUCTION))
                .contains("Wave exposure also changes water temperature")
                .contains("A survey across twelve shores of known exposure");
    }

    /** The log's title names an analysis; its ground-truth counts are about the materials, never the paper. */
    @Test
    void the_materials_own_counts_are_never_written() {
        assertThat(write()).doesNotContain("Figures: 4", "Tables: 1");
    }

    @Test
    void the_logs_key_results_are_the_experiments_not_the_conclusion() {
        String tex = write();

        assertThat(body(tex, SectionRole.EXPERIMENTS)).contains("Crab density was highest on the sheltered shores")
                .contains("eleven of the twelve shores");
        assertThat(tex.split("Crab density", -1)).as("said once, in the experiments").hasSize(2);
    }

    /** An extract whose "contributions" are its abstract again: no summary of contributions that lists nothing. */
    @Test
    void contributions_that_repeat_the_question_are_no_contributions() {
        String abstractText = "Tide pool snails grow thicker shells on exposed shores. Here we survey twelve shores "
                + "and separate the effects of waves and water temperature on shell growth.";
        String idea = "# Idea Summary: Snail shells\n\n## Core question\n" + abstractText
                + "\n\n## Core contribution (bullet form)\n" + abstractText + "\n";

        IdeaContent content = IdeaContent.parse(idea);

        assertThat(content.problem()).isNotEmpty();
        assertThat(content.contributions()).isEmpty();
    }

    /**
     * An extract's "contributions" are its whole abstract, of which the question holds the first half: the rest
     * (what was found, what it opens up) is what the paper concludes with, not a contribution that repeats the
     * question.
     */
    @Test
    void the_abstracts_findings_past_the_question_close_the_paper() {
        String question = "Tide pool snails grow thicker shells on exposed shores. Here we survey twelve shores "
                + "and separate the effects of waves and water temperature on shell growth.";
        String findings = "Exposure explained more of the thickness than temperature on every shore we surveyed. "
                + "A thickness survey could tell managers which shores protect their snails.";
        String idea = "# Idea Summary: Snail shells\n\n## Core question\n" + question
                + "\n\n## Core contribution (bullet form)\n" + question + " " + findings + "\n";

        IdeaContent content = IdeaContent.parse(idea);

        assertThat(content.contributions()).isEmpty();
        assertThat(content.significance()).containsExactly(
                "Exposure explained more of the thickness than temperature on every shore we surveyed.",
                "A thickness survey could tell managers which shores protect their snails.");
    }

    /** The extract's contributions are its whole abstract: no announcement of contributions is left standing. */
    @Test
    void a_summary_whose_contributions_were_all_the_abstracts_goes_with_them() {
        String tex = """
                \\documentclass{article}
                \\begin{document}
                \\begin{abstract}
                Tide pool snails grow thicker shells on exposed shores. Twelve shores separate waves from water temperature.
                \\end{abstract}
                \\section{Introduction}
                Snails of sheltered pools keep thin shells all year.

                \\section{Conclusion}
                %s Tide pool snails grow thicker shells on exposed shores. Twelve shores separate waves from water temperature.

                \\end{document}
                """.formatted(SectionWriter.CONTRIBUTIONS_LEAD);

        String body = AbstractEcho.removeFromBody(tex);

        assertThat(body).doesNotContain(SectionWriter.CONTRIBUTIONS_LEAD)
                .contains("Snails of sheltered pools keep thin shells all year.");
        assertThat(AbstractEcho.removeFromBody(tex.replace("Twelve shores separate waves from water temperature.\n\n",
                "Twelve shores separate waves from water temperature. A harbour wall is no shore.\n\n")))
                .contains(SectionWriter.CONTRIBUTIONS_LEAD + " A harbour wall is no shore.");
    }

    /** A list whose items are the abstract's sentences keeps its environment whole, so the paper still compiles. */
    @Test
    void leaving_out_the_abstracts_sentences_never_leaves_an_environment_open() {
        String tex = """
                \\documentclass{article}
                \\begin{document}
                \\begin{abstract}
                Tide pool snails grow thicker shells on exposed shores.
                \\end{abstract}
                \\section{Introduction}
                The contributions of this work are the following.
                \\begin{itemize}
                  \\item Tide pool snails grow thicker shells on exposed shores.
                \\end{itemize}

                \\end{document}
                """;

        String body = AbstractEcho.removeFromBody(tex);

        assertThat(body.split("\\\\begin\\{itemize}", -1)).hasSameSizeAs(body.split("\\\\end\\{itemize}", -1));
        assertThat(AbstractEcho.saidInAbstract(TexDocument.parse(tex), "Tide pool snails grow thicker shells on "
                + "exposed shores.")).isTrue();
        assertThat(AbstractEcho.saidInAbstract(TexDocument.parse(tex), "A harbour wall is no shore for snails."))
                .isFalse();
    }

    /** A log's lower-case settings ("fast", "hac", "sup" basecalling tiers) are never taken for the method's name. */
    @Test
    void a_lower_case_setting_the_idea_repeats_is_no_method_name() {
        String idea = "# Idea\n\n## Core question\nHow do basecalling tiers (fast, hac, sup) change variant calls? "
                + "The sup tier is the slowest, and sup with duplex reads is the most accurate.\n";
        String log = "# Log\n\n| Tier | F1 |\n|---|---|\n| fast | 0.91 |\n| hac | 0.95 |\n| sup | 0.97 |\n";
        String named = idea.replace("sup with duplex", "VarScout with duplex").replace("The sup tier",
                "VarScout on the sup tier");

        assertThat(PaperTitle.methodName(dev.paperorchestra.model.markdown.MarkdownDocument.parse(idea), log))
                .isEmpty();
        assertThat(PaperTitle.methodName(dev.paperorchestra.model.markdown.MarkdownDocument.parse(named),
                log + "| VarScout | 0.98 |\n")).contains("VarScout");
    }

    /** Two protocols of an extract's methods share a step word for word: the paper says it once. */
    @Test
    void a_step_two_protocols_share_is_written_once() {
        String step = "One microgram of mRNA was transfected into one million cells by electroporation.";
        String method = "Cells were grown in EMEM with serum for a week. " + step + "\n\n"
                + "T cells were activated for three days before the transfection. " + step + " Cells were lysed "
                + "eight hours later.";

        String written = SectionWriter.withoutRepeats(method);

        assertThat(written.split("One microgram of mRNA", -1)).hasSize(2);
        assertThat(written).contains("T cells were activated", "Cells were lysed eight hours later.");
    }
}
