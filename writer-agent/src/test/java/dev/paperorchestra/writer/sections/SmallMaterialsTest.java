package dev.paperorchestra.writer.sections;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.integrity.ContentGate;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The offline writer on very small or odd materials (a 3-line idea, an idea of headings only, a log of one
 * table, notes in another field), no source verified: what it writes is never a stand-in. Where the materials
 * hold too little for a section, the CONTENT gate says so by name (nothing is invented to fill it); every
 * other finding (a sentence twice, a notes heading, a stub Related Work of the plan's overview) is gone.
 */
class SmallMaterialsTest {

    static final String LICHEN_LOG = """
            # Log
            ## Lichen cover and NO2 per park
            | Park | Lichen cover (%) | NO2 (µg/m³) ↓ |
            |---|---|---|
            | Riverside | 34.2 | 18.1 |
            | Old Town | 8.5 | 41.7 |
            | Hillcrest | 27.9 | 22.4 |
            | Station | 5.1 | 46.3 |
            - Lichen cover falls as NO2 rises; the Spearman correlation is -0.89 over the twelve parks.
            - Parks near the ring road have the least lichen cover and the highest NO2 of all twelve parks.
            - Crustose lichens remain on trees in every park, while leafy and shrubby forms vanish above 35 µg/m³.
            """;

    record Case(String name, String idea, String log, String introduction) {

        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("a 3-line idea", """
                        # Lichen cover as an indicator of air quality in city parks
                        We map lichen cover on tree bark in twelve city parks and relate it to measured nitrogen dioxide.
                        Parks with more lichen cover should have cleaner air, so a cheap survey could replace some sensors.
                        """, LICHEN_LOG, "Parks with more lichen cover should have cleaner air, so a cheap survey could "
                        + "replace some sensors."),
                new Case("an idea with only headings", """
                        # Soil moisture sensing with buried fibre optics
                        ## Core question
                        ## Method in brief
                        ## Why it matters
                        """, LICHEN_LOG, "Soil moisture sensing with buried fibre optics."),
                new Case("a log with one table", """
                        # Sourdough starter temperature and bread rise

                        ## Core question

                        Home bakers keep sourdough starters at very different temperatures. We ask how starter \
                        temperature changes the rise of the final loaf, measured as the loaf's height after baking.

                        ## Method in brief

                        Starters were kept at 18, 22, 26 and 30 degrees for a week, fed twice a day, then used in \
                        one fixed recipe.
                        """, """
                        # Notes
                        ## Loaf height by starter temperature
                        | Starter temperature (°C) | Loaf height (cm) ↑ |
                        |---|---|
                        | 18 | 7.1 |
                        | 22 | 8.4 |
                        | 26 | 9.2 |
                        | 30 | 8.8 |
                        """, "Home bakers keep sourdough starters at very different temperatures. We ask how "
                        + "starter temperature changes the rise of the final loaf, measured as the loaf's height "
                        + "after baking."));
    }

    private final SectionWriter writer = new SectionWriter();

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void small_materials_leave_only_the_findings_of_too_little_text(Case materials) {
        String template = RelatedWorkWithoutSourcesTest.withoutCitations(OfflinePaperShapeTest.KIT_TEMPLATE, "")
                .replace("Introduction here.", materials.introduction());
        String tex = writer.write(new WriterInputs(template, materials.idea(), materials.log(), List.of())).tex();

        List<String> findings = ContentGate.check(tex, materials.idea() + "\n" + materials.log()).messages();

        assertThat(findings).as(tex).noneMatch(f -> f.contains("written twice") || f.contains("repeated in the body")
                || f.contains("heading of the materials") || f.contains("Related Work") || f.contains("placeholder"));
        // what is left says that a section (or the abstract) has too little text, nothing else
        assertThat(findings).as("only what the materials are too small for")
                .allMatch(f -> f.matches("section \".*\" is (?:empty|a stub of \\d+ words) \\(line \\d+\\)")
                        || f.startsWith("the abstract has "));
        assertThat(tex).doesNotContain("Prior work on", "Related work is organised", "Lorem ipsum");
    }

    /** A short idea's abstract also states what the log observed, so it reaches an abstract's length. */
    @org.junit.jupiter.api.Test
    void a_short_ideas_abstract_states_the_logs_observations() {
        Case lichen = cases().findFirst().orElseThrow();
        String tex = writer.write(new WriterInputs(OfflinePaperShapeTest.KIT_TEMPLATE, lichen.idea(), lichen.log(),
                List.of())).tex();
        String abstractText = tex.substring(tex.indexOf("\\begin{abstract}"), tex.indexOf("\\end{abstract}"));

        assertThat(abstractText).contains("the Spearman correlation is -0.89");
        assertThat(ContentGate.check(tex, lichen.idea() + "\n" + lichen.log()).messages())
                .noneMatch(f -> f.contains("abstract has"));
    }

    /** The reference layout's sparse idea: a title and a problem statement, nothing on the method or its reach. */
    static final String PROBLEM_ONLY_IDEA = """
            # Lichen cover as an indicator of air quality in city parks

            ## Problem

            Air-quality sensors are expensive, so most city parks have none. Lichens on tree bark respond to \
            nitrogen dioxide within a few seasons. Surveying lichen cover takes one person an afternoon per park. \
            Whether such a survey tracks measured nitrogen dioxide closely enough to stand in for a sensor is not known.
            """;

    /** An ACL-like template ends with a Discussion, a NeurIPS-like one has a Method and a Conclusion. */
    static Stream<String> sparseTemplates() {
        String acl = OfflinePaperShapeTest.KIT_TEMPLATE.replace("\\section{Related Work}\n", "")
                .replaceAll("(?s)\\\\section\\{Conclusion}\\n[^\\n]*\\n", "")
                .replace("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.\n", "");
        return Stream.of(acl, OfflinePaperShapeTest.KIT_TEMPLATE);
    }

    /**
     * A problem-only idea: the Method is not the problem statement again (the Introduction has it), and a
     * Discussion or Conclusion the materials give nothing for is left out rather than left empty.
     */
    @ParameterizedTest
    @MethodSource("sparseTemplates")
    void a_problem_only_idea_repeats_nothing_and_leaves_no_empty_section(String kit) {
        String template = RelatedWorkWithoutSourcesTest.withoutCitations(kit, PROBLEM_ONLY_IDEA);
        String tex = writer.write(new WriterInputs(template, PROBLEM_ONLY_IDEA, LICHEN_LOG, List.of())).tex();

        List<String> findings = ContentGate.check(tex, PROBLEM_ONLY_IDEA + "\n" + LICHEN_LOG).messages();

        // (the Introduction and Results of materials this small are stubs, which the gate rightly names)
        assertThat(findings).as(tex).noneMatch(f -> f.contains("written twice") || f.contains("repeated in the body")
                || f.matches("section \"(?:Method|Discussion|Conclusion)\" is .*"));
        assertThat(tex).as(tex).doesNotContain("\\section{Method}", "\\section{Discussion}", "\\section{Conclusion}");
    }
}
