package dev.paperorchestra.writer.sections;

import static dev.paperorchestra.writer.TestMaterials.CVPR;
import static dev.paperorchestra.writer.TestMaterials.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.integrity.ContentGate;
import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.writer.TestMaterials;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Related work when no source was verified (offline materials without scholar records): the literature draft
 * holds the plan's overview alone. The offline writer writes what the materials say about earlier work instead,
 * cites nothing, invents no author or year, and says in a comment that nothing was verified.
 */
class RelatedWorkWithoutSourcesTest {

    static final String ECO = "ecoacoustics-frog-calls";
    /** What the offline literature agent writes into Related Work when it has no citation to place. */
    static final String OVERVIEW_ONLY = "% " + ModelMode.OFFLINE_LABEL + "\n\nRelated work is organised by what the "
            + "experiments actually involve, in 3 clusters: Methods compared in the experiments; Architectures and "
            + "resources the experiments build on; Evaluation metrics.";

    private final SectionWriter writer = new SectionWriter();

    @Test
    void the_ecoacoustics_related_work_names_the_logs_approaches_and_cites_nothing() {
        String idea = read(ECO, "idea.md");
        String log = read(ECO, "experimental_log.md");
        String tex = write(withoutCitations(read(ECO, "template.tex"), idea), idea, log);
        String related = section(tex, "Related Work");

        assertThat(related).contains("% No bibliographic source was verified for this paper")
                .contains("Spectrogram CNN", "BirdNET", "Prototypical network", "AST fine-tuned")
                .doesNotContain("Related work is organised", "clusters:");
        assertThat(LatexReferences.citeKeys(tex)).isEmpty();
        // no author, year or venue the materials do not hold
        assertThat(related).doesNotContainPattern("\\b(?:19|20)\\d{2}\\b").doesNotContain("et al");
        assertThat(ContentGate.check(tex, idea + "\n" + log).messages())
                .noneMatch(finding -> finding.contains("Related Work") || finding.contains("written twice"));
    }

    @Test
    void a_related_work_with_citations_is_left_as_the_literature_agent_wrote_it() {
        String draft = TestMaterials.literatureDraft(read(CVPR, "template.tex"));
        String tex = write(draft, read(CVPR, "idea.md"), read(CVPR, "experimental_log.md"));

        assertThat(section(tex, "Related Work")).contains("\\cite{ma2018sparse}")
                .doesNotContain("No bibliographic source was verified");
    }

    /** The idea's own statement about earlier work is used; one the paper already makes is not said twice. */
    @Test
    void the_ideas_statements_about_earlier_work_are_used_once() {
        String idea = """
                # Do bike lanes reduce car trips? Evidence from a staggered rollout

                ## Background

                Cities build protected bike lanes expecting fewer short car trips. Earlier evaluations compared \
                cities that chose to build lanes with cities that did not, so the estimates mix the effect with \
                the choice.

                Most existing studies also rely on surveys of stated travel behaviour rather than on measured trips.

                ## Approach

                We use the staggered rollout of protected lanes across 40 districts of one city and a \
                difference-in-differences design on measured trips from anonymised mobile-phone traces.
                """;
        String log = """
                # Analysis log

                ## Setup

                ### Comparisons

                - Two-way fixed effects: the usual district and month fixed effects regression.
                - Callaway-Sant'Anna estimator: group-time average treatment effects for staggered adoption.

                ## Results

                ### Change in short car trips after a lane opens

                | Estimator | Effect on short car trips (%) | Standard error |
                |---|---|---|
                | Two-way fixed effects | -3.1 | 1.2 |
                | Callaway-Sant'Anna estimator | -5.4 | 1.4 |

                - The staggered-adoption estimator finds a larger reduction than the two-way fixed effects regression.
                """;
        String tex = write(withoutCitations(OfflinePaperShapeTest.KIT_TEMPLATE, idea), idea, log);
        String related = section(tex, "Related Work");

        assertThat(related).contains("Two-way fixed effects (the usual district and month fixed effects regression)")
                .contains("Callaway-Sant'Anna estimator (group-time average treatment effects for staggered adoption)")
                .contains("Most existing studies also rely on surveys of stated travel behaviour")
                .doesNotContain("Lorem ipsum");
        // the introduction (the idea's background) already says that earlier evaluations mixed the effect
        assertThat(related).doesNotContain("Earlier evaluations compared");
        assertThat(ContentGate.check(tex, idea + "\n" + log).messages())
                .noneMatch(finding -> finding.contains("written twice") || finding.contains("Related Work"));
    }

    /**
     * The literature stage left the Introduction empty as well: the idea's one statement about earlier work, too
     * little for a Related Work of its own, is said in the Introduction and not again.
     */
    @Test
    void an_introduction_written_after_related_work_leaves_its_statements_to_it() {
        String idea = """
                # Do bike lanes reduce car trips?

                ## Background

                Cities build protected bike lanes expecting fewer short car trips, yet the trips are rarely measured.

                Most existing studies also rely on surveys of stated travel behaviour rather than on measured trips.

                ## Approach

                We use the staggered rollout of protected lanes across 40 districts of one city and a \
                difference-in-differences design on measured trips from anonymised mobile-phone traces.
                """;
        String log = """
                # Analysis log

                ## Results

                | Estimator | Effect on short car trips (%) |
                |---|---|
                | Two-way fixed effects | -3.1 |
                | Callaway-Sant'Anna estimator | -5.4 |
                """;
        String tex = write(withoutCitations(OfflinePaperShapeTest.KIT_TEMPLATE, "").replace("Introduction here.\n", ""),
                idea, log);

        // one sentence about earlier work is no section of its own: the Introduction says it, once
        assertThat(tex).doesNotContain("\\section{Related Work}");
        assertThat(section(tex, "Introduction")).containsOnlyOnce("Most existing studies also rely on surveys");
        assertThat(ContentGate.check(tex, idea + "\n" + log).messages())
                .noneMatch(finding -> finding.contains("written twice"));
    }

    /** A results heading that compares ("Comparison with the baselines") holds observations, not approaches. */
    @Test
    void observations_under_a_comparison_heading_are_not_listed_as_approaches() {
        String idea = read(ECO, "idea.md");
        String log = read(ECO, "experimental_log.md") + "\n## Comparison with the baselines\n\n"
                + "- CallSieve wins at every site, most clearly where insects call loudest.\n";
        String related = section(write(withoutCitations(read(ECO, "template.tex"), idea), idea, log), "Related Work");

        assertThat(related).contains("four existing approaches").doesNotContain("most clearly where insects");
    }

    /** Materials that say nothing about earlier work leave no stub: the section goes (STRUCTURE names it if due). */
    @Test
    void materials_silent_about_earlier_work_leave_no_stub_section() {
        String idea = """
                # Lichen cover as an indicator of air quality in city parks
                We map lichen cover on tree bark in twelve city parks and relate it to measured nitrogen dioxide.
                Parks with more lichen cover should have cleaner air, so a cheap survey could replace some sensors.
                """;
        String log = """
                # Log
                ## Lichen cover and NO2 per park
                | Park | Lichen cover (%) | NO2 (µg/m³) ↓ |
                |---|---|---|
                | Riverside | 34.2 | 18.1 |
                | Old Town | 8.5 | 41.7 |
                """;
        String draft = withoutCitations(read(ECO, "template.tex"), "").replace("% Motivation, problem statement, "
                + "contributions.", "Parks with more lichen cover should have cleaner air, so a cheap survey could "
                + "replace some sensors.");
        String tex = write(draft, idea, log);

        // the sections around it stay (the Method goes too, but for its own reason: the idea says nothing of it)
        assertThat(tex).doesNotContain("\\section{Related Work}").contains("\\section{Introduction}")
                .contains("\\section{Experiments}");
        assertThat(ContentGate.check(tex, idea + "\n" + log).messages()).noneMatch(f -> f.contains("Related Work"));
    }

    /**
     * A venue that requires Related Work, and materials silent about earlier work: the section stays, saying why
     * it is empty, and the CONTENT gate reports that cause, so the run ends incomplete for a reason in its inputs.
     */
    @Test
    void a_required_related_work_the_materials_cannot_fill_states_its_cause() {
        String tex = writer.write(new WriterInputs(lichenDraft(), LICHEN_IDEA, LICHEN_LOG, List.of())
                .withMandatorySections(List.of("introduction", "related work"))).tex();

        assertThat(tex).contains("\\section{Related Work}");
        assertThat(ContentGate.check(tex, LICHEN_IDEA + "\n" + LICHEN_LOG).findings())
                .filteredOn(finding -> finding.rule().equals(ContentGate.UNFILLED)).singleElement()
                .satisfies(finding -> assertThat(finding.message()).startsWith("section \"Related Work\" is empty")
                        .contains("the guidelines require this section, no bibliographic source was verified")
                        .contains("the materials name no earlier work or compared approach"));
    }

    /** A sentence or two about earlier work is no section: it joins the Introduction where no venue asks for one. */
    @Test
    void a_few_words_about_earlier_work_join_the_introduction_when_no_section_is_required() {
        String idea = LICHEN_IDEA + "Traditional air quality surveys rely on a few fixed sensors per city.\n";
        String tex = write(lichenDraft(), idea, LICHEN_LOG);

        assertThat(tex).doesNotContain("\\section{Related Work}");
        assertThat(section(tex, "Introduction")).contains("Traditional air quality surveys rely on a few fixed "
                + "sensors per city.");
        assertThat(ContentGate.check(tex, idea + "\n" + LICHEN_LOG).messages())
                .noneMatch(finding -> finding.contains("Related Work") || finding.contains("written twice"));
    }

    private static final String LICHEN_IDEA = """
            # Lichen cover as an indicator of air quality in city parks
            We map lichen cover on tree bark in twelve city parks and relate it to measured nitrogen dioxide.
            Parks with more lichen cover should have cleaner air, so a cheap survey could replace some sensors.
            """;
    private static final String LICHEN_LOG = """
            # Log
            ## Lichen cover and NO2 per park
            | Park | Lichen cover (%) | NO2 (µg/m³) ↓ |
            |---|---|---|
            | Riverside | 34.2 | 18.1 |
            | Old Town | 8.5 | 41.7 |
            """;

    private static String lichenDraft() {
        return withoutCitations(read(ECO, "template.tex"), "").replace("% Motivation, problem statement, "
                + "contributions.", "Parks with more lichen cover should have cleaner air, so a cheap survey could "
                + "replace some sensors.");
    }

    private String write(String draft, String idea, String log) {
        return writer.write(new WriterInputs(draft, idea, log, List.of())).tex();
    }

    /** The template as the offline literature agent leaves it without a verified source: no citation anywhere. */
    static String withoutCitations(String template, String idea) {
        String introduced = (idea.isEmpty() ? template : OfflinePaperShapeTest.introFromIdea(template, idea))
                .replace("\n\nThis work relates to research on prior studies~\\cite{eigen2014depth}.\n", "\n");
        return introduced.replaceFirst("(\\\\section\\{Related Work}\\n)(?:(?!\\\\section)[^\\n]*\\n)*",
                java.util.regex.Matcher.quoteReplacement("\\section{Related Work}\n" + OVERVIEW_ONLY + "\n\n"));
    }

    static String section(String tex, String title) {
        int start = tex.indexOf("\\section{" + title + "}");
        assertThat(start).as("\\section{%s}", title).isNotNegative();
        int end = tex.indexOf("\\section{", start + 1);
        return tex.substring(start, end < 0 ? tex.length() : end);
    }
}
