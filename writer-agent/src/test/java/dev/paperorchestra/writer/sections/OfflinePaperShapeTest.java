package dev.paperorchestra.writer.sections;

import static dev.paperorchestra.writer.TestMaterials.CVPR;
import static dev.paperorchestra.writer.TestMaterials.ICLR;
import static dev.paperorchestra.writer.TestMaterials.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.integrity.ContentGate;
import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.content.materials.MarkdownText;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.schemas.Figure;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The offline writer on materials of every shape (both examples, an idea without a title line whose headings
 * are "Core question" and "Method in brief" beside a log of dated entries, a biomedical study with a title line
 * and a day-by-day log) in a template full of a kit's placeholders: the paper is paper-shaped.
 */
class OfflinePaperShapeTest {

    /** A kit's template as researchers get it: sample title, author, stubs and markers. */
    static final String KIT_TEMPLATE = """
            \\documentclass[10pt]{article}
            \\usepackage{graphicx}
            \\newcommand{\\paperID}{1234}
            %%%% TITLE - PLEASE UPDATE
            \\title{My Title}
            \\author{Jane Doe\\thanks{Funded by the Example Foundation; jane.doe@example.edu}\\\\
              Department of Examples, Example University\\\\
              \\texttt{jane.doe@example.edu}
            }
            \\begin{document}
            \\maketitle
            \\begin{abstract}
            Abstract here.
            \\end{abstract}
            \\section{Introduction}
            Introduction here.
            \\section{Related Work}
            Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.
            \\section{Method}
            % TODO: describe the method
            Text here.
            \\section{Results}
            Your results go here.
            \\section{Discussion}
            \\section{Conclusion}
            Conclusion here.
            \\bibliographystyle{plain}
            \\bibliography{references}
            \\end{document}
            """;

    static final String NETWORK_IDEA = """
            ## Core question

            Contact networks with heavy-tailed degree distributions spread infections at far lower transmission
            rates than homogeneous mixing models predict. Public-health models still calibrate epidemic thresholds
            on mean degree alone. We ask whether the second moment of the degree distribution, measured from a few
            weeks of proximity-sensor data, predicts the observed outbreak threshold better than the mean degree
            does, and how much sensor data that estimate needs. Hospitals, schools and offices differ enough in
            their contact structure to test the question on three kinds of network.

            ## Method in brief

            We estimate the first and second moments of the degree distribution from sampled proximity contacts and
            plug them into the heterogeneous mean-field threshold. A bootstrap over sensor days gives the
            uncertainty of each estimate. We compare the predicted thresholds with thresholds observed in stochastic
            SIR simulations run on the measured contact networks. Each network is rebuilt from the first one to
            four weeks of sensor data to see how quickly the estimates settle.

            ## Why it matters

            Thresholds set from the mean degree overestimate how much transmission a population tolerates, so
            interventions start too late in exactly the settings where superspreading dominates.
            """;

    static final String NETWORK_LOG = """
            # Lab notebook

            ## 2023-07-10 Degree distribution analysis

            | Network | Mean degree | Second moment | Heterogeneity ratio ↑ |
            |---|---|---|---|
            | School | 8.2 | 112.4 | 1.67 |
            | Hospital | 11.5 | 301.9 | **2.28** |
            | Office | 6.1 | 49.3 | 1.32 |

            - The hospital network has the heaviest tail: a few staff members meet most patients.

            ## 2023-07-14 Threshold comparison

            | Method | School | Hospital | Office |
            |---|---|---|---|
            | Mean-degree threshold | 0.122 | 0.087 | 0.164 |
            | Heterogeneous threshold | **0.073** | **0.038** | **0.124** |
            | Observed (SIR) | 0.070 | 0.036 | 0.121 |

            ## 2023-07-20 Observations

            - The heterogeneous threshold falls within 0.003 of the observed threshold on every network.
            - Two weeks of sensor data are enough for the second moment to settle within 5% of its final value.
            """;

    static final String BIO_IDEA = """
            Title: Hypoxia Preconditioning Protects Cardiomyocytes from Doxorubicin Toxicity

            ## Background

            Doxorubicin is an effective anthracycline chemotherapy, but its cumulative cardiotoxicity limits the
            dose many patients can receive. Brief hypoxic episodes are known to activate protective programmes in
            cardiac tissue. Animal studies suggest that such preconditioning reduces infarct size after ischaemia.
            Whether a short hypoxic preconditioning step before exposure protects human cardiomyocytes from
            doxorubicin-induced death has not been tested in a controlled cell model.

            ## Aims

            We test whether four hours of hypoxia (1% oxygen) before doxorubicin exposure raises the viability of
            human iPSC-derived cardiomyocytes, and whether the protection depends on HIF-1 alpha signalling.

            ## Approach

            Cardiomyocytes are preconditioned in a hypoxia chamber, returned to normoxia, and exposed to
            doxorubicin for 24 hours. Viability is measured by ATP content and apoptosis by caspase-3/7 activity.
            A HIF-1 alpha inhibitor is added in one arm to test the mechanism. Every condition is run in three
            independent differentiations with six wells each.
            """;

    static final String BIO_LOG = """
            # Experimental notes

            ## Day 3: Viability after doxorubicin exposure

            | Condition | Viability (%) ↑ | Caspase-3/7 (fold) ↓ |
            |---|---|---|
            | Normoxia + vehicle | 100.0 | 1.00 |
            | Normoxia + doxorubicin 1 µM | 54.2 | 3.41 |
            | Hypoxia preconditioning + doxorubicin 1 µM | **78.9** | **1.87** |
            | Hypoxia + HIF-1α inhibitor + doxorubicin 1 µM | 57.3 | 3.12 |

            - Preconditioning restored about half of the viability lost to doxorubicin.

            ## Day 5: Notes

            - The protection disappeared when the HIF-1α inhibitor was present, pointing to HIF-1α signalling.
            - Cells preconditioned for two hours instead of four showed no protection.
            """;

    record Case(String name, String template, String idea, String log, List<Figure> figures) {

        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case(CVPR, introFromIdea(read(CVPR, "template.tex"), read(CVPR, "idea.md")),
                        read(CVPR, "idea.md"), read(CVPR, "experimental_log.md"), List.of(chart(
                                "fig_rmse_vs_points", "RMSE (m) on NYU Depth v2 as a function of the number of sparse "
                                        + "measurements", "RMSE (m) on NYU Depth v2 as a function of the number of "
                                        + "sparse measurements: NLSPN and GlimpseDepth versus points (from the "
                                        + "experimental log)."))),
                new Case(ICLR, introFromIdea(read(ICLR, "template.tex"), read(ICLR, "idea.md")),
                        read(ICLR, "idea.md"), read(ICLR, "experimental_log.md"), List.of()),
                // another field, with its author kit: the problem's second sentence uses "them" for the first's recorders
                new Case(RelatedWorkWithoutSourcesTest.ECO, introFromIdea(read(RelatedWorkWithoutSourcesTest.ECO,
                        "template.tex"), read(RelatedWorkWithoutSourcesTest.ECO, "idea.md")),
                        read(RelatedWorkWithoutSourcesTest.ECO, "idea.md"),
                        read(RelatedWorkWithoutSourcesTest.ECO, "experimental_log.md"), List.of()),
                new Case("network-dated-log", introFromIdea(KIT_TEMPLATE, NETWORK_IDEA), NETWORK_IDEA, NETWORK_LOG,
                        List.of(chart("fig_degree", "2023-07-10 Degree distribution analysis",
                                "2023-07-10 Degree distribution analysis: Mean degree and Second moment for each "
                                        + "network (from the experimental log)."))),
                new Case("biomedical-day-log", introFromIdea(KIT_TEMPLATE, BIO_IDEA), BIO_IDEA, BIO_LOG,
                        List.of(chart("fig_viability", "Day 3: Viability after doxorubicin exposure",
                                "Day 3: Viability after doxorubicin exposure: Viability (%) for each condition "
                                        + "(from the experimental log)."))));
    }

    private final SectionWriter writer = new SectionWriter();

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void the_title_is_the_papers_own_and_drawn_from_the_idea(Case materials) {
        String title = title(write(materials));

        assertThat(ContentGate.isPlaceholderTitle(title)).as(title).isFalse();
        assertThat(title).isNotBlank().doesNotContainIgnoringCase("title");
        // every word of the title is the author's (the title line, a heading or the opening sentence)
        Set<String> ideaWords = words(materials.idea());
        assertThat(words(ContentGate.words(title))).isNotEmpty().allMatch(ideaWords::contains);
        // a lone top-level heading is the author's title; the headings under it are not
        assertThat(headings(materials.idea().lines().filter(line -> !line.startsWith("# "))
                .reduce("", (a, b) -> a + "\n" + b))).doesNotContain(title.toLowerCase(Locale.ROOT));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void the_abstract_has_a_usual_length_and_the_body_never_repeats_it(Case materials) {
        String tex = write(materials);
        String abstractText = between(tex, "\\begin{abstract}", "\\end{abstract}");
        String body = tex.substring(tex.indexOf("\\end{abstract}"));

        assertThat(count(ContentGate.words(abstractText))).isBetween(70, 250);
        // what the abstract took leaves no dangling reference at the introduction's start ("Their ...")
        String introduction = between(tex, "\\section{Introduction}", "\\section{");
        String opening = introduction.lines().map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("%")).findFirst().orElse("");
        assertThat(opening).doesNotStartWith("Their").doesNotStartWith("They ").doesNotStartWith("This ")
                .doesNotStartWith("These ").doesNotStartWith("It ").doesNotContainPattern("^(?:\\S+\\s+){1,3}them\\b");
        List<String> repeated = sentences(abstractText).stream().filter(sentences(body)::contains).toList();
        assertThat(repeated).as("abstract sentences repeated in the body").isEmpty();
        // and the CONTENT gate, abstract blanked, finds no repeat in the body either
        assertThat(ContentGate.check(tex, materials.idea() + "\n" + materials.log()).messages())
                .noneMatch(finding -> finding.contains("written twice"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void no_heading_of_the_materials_becomes_a_heading_of_the_paper(Case materials) {
        String tex = write(materials);
        Set<String> materialsHeadings = headings(materials.idea() + "\n" + materials.log());
        // the writer's own subsections of the experiments may share a name with a log heading
        materialsHeadings.removeAll(Set.of("results", "setup", "experimental setup"));
        // and the setup's own parts ("Baselines", "Sites and recordings") are paragraphs of the paper's setup too
        MarkdownText.sections(materials.log()).stream().filter(s -> s.title().matches("(?i).*setup.*"))
                .forEach(setup -> materialsHeadings.removeAll(headings(setup.body())));
        Matcher heading = Pattern.compile("\\\\(?:(?:sub)*section|paragraph)\\*?\\{([^}]*)}").matcher(tex);
        List<String> offending = new ArrayList<>();
        while (heading.find()) {
            String text = heading.group(1).replaceFirst("[.:]$", "").strip().toLowerCase(Locale.ROOT);
            if (materialsHeadings.contains(text)) {
                offending.add(heading.group());
            }
        }
        assertThat(offending).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void no_scaffolding_placeholder_or_author_identity_survives(Case materials) {
        String tex = write(materials);

        assertThat(tex.lines().findFirst()).hasValue("% " + ModelMode.OFFLINE_LABEL);
        assertThat(tex).doesNotContain("Context on", "comes from~", "Abstract here", "Introduction here",
                "Conclusion here", "Text here", "go here", "Lorem ipsum", "PLEASE UPDATE", "My Title", "TODO",
                "Jane Doe", "Example University", "(from the experimental log)");
        assertThat(tex).doesNotContainPattern("[\\w.]+@[\\w-]+\\.[a-z]{2,}");
        assertThat(between(tex, "\\author{", "\n")).contains("Anonymous");
        if (materials.template().contains("\\paperID")) {
            assertThat(tex).contains("\\newcommand{\\paperID}{1234}");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void the_results_say_what_each_table_and_figure_shows_without_the_logs_dates(Case materials) {
        String tex = write(materials);

        for (Figure figure : materials.figures()) {
            Matcher sentence = Pattern.compile("Figure~\\\\ref\\{[^}]*" + Pattern.quote(figure.getFigureId())
                    + "[^}]*}\\s+(?:shows|draws)\\s+([^\\n]+)").matcher(tex);
            assertThat(sentence.find()).as(figure.getFigureId()).isTrue();
            String what = sentence.group(1);
            // the sentence states the figure's content: the quantities its caption names
            String quantity = figure.getCaption().replaceFirst("^.*?: ", "").replaceFirst(" for each .*| versus .*", "");
            assertThat(what).containsIgnoringCase(LatexText.text(quantity.split(" and ")[0]));
        }
        long tables = Pattern.compile("Table~\\\\ref\\{[^}]*}\\s+reports\\s+\\S").matcher(tex).results().count()
                + Pattern.compile("Figure~\\\\ref\\{[^}]*}\\s+draws\\s+\\S").matcher(tex).results().count();
        assertThat(tables).isGreaterThanOrEqualTo(MarkdownTables.parse(materials.log()).size());
        assertThat(tex).doesNotContainPattern("(?:Figure|Table)~\\\\ref\\{[^}]*}\\s+\\w+\\s+(?:\\d{4}-\\d{2}-\\d{2}|day \\d)")
                .doesNotContainPattern("\\\\caption\\{(?:\\d{4}-\\d{2}-\\d{2}|Day \\d)");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void a_discussion_or_conclusion_states_the_logs_observations(Case materials) {
        String tex = write(materials);
        int discussion = tex.indexOf("\\section{Discussion}");
        int at = discussion >= 0 ? discussion : tex.indexOf("\\section{Conclusion}");
        assertThat(at).as("a Discussion or Conclusion section").isPositive();
        String closing = tex.substring(at, tex.indexOf("\\bibliographystyle"));
        // the log's last general observation closes the paper's argument
        List<String> observations = MarkdownText.sections(materials.log()).stream()
                .filter(s -> s.title().matches("(?i).*(?:observation|notes|qualitative|finding).*"))
                .flatMap(s -> s.bullets().stream()).toList();
        if (!observations.isEmpty()) {
            assertThat(closing).contains(LatexText.markdown(observations.getLast()).substring(0, 30));
        }
        assertThat(count(ContentGate.words(closing))).isGreaterThan(15);
    }

    private String write(Case materials) {
        return writer.write(new WriterInputs(materials.template(), materials.idea(), materials.log(),
                materials.figures())).tex();
    }

    /**
     * The template with an introduction written as the offline literature agent writes it: the opening of the
     * idea's problem statement (the outline's hook and gap), then its citations.
     */
    static String introFromIdea(String template, String idea) {
        List<MarkdownText.Section> sections = MarkdownText.sections(idea);
        String problem = sections.stream().filter(s -> s.level() > 1).findFirst().map(MarkdownText.Section::body)
                .map(body -> MarkdownText.paragraphs(body).getFirst()).orElseThrow();
        String intro = "% " + ModelMode.OFFLINE_LABEL + "\n\n" + LatexText.escape(problem.replaceAll("\\s+", " "))
                + "\n\nThis work relates to research on prior studies~\\cite{eigen2014depth}.\n";
        Matcher introduction = Pattern.compile("(\\\\section\\{Introduction}\\n)(?:(?!\\\\section)[^\\n]*\\n)*")
                .matcher(template);
        return introduction.find() ? introduction.replaceFirst(Matcher.quoteReplacement(introduction.group(1) + intro))
                : template;
    }

    private static Figure chart(String id, String title, String caption) {
        return Figure.newBuilder().setFigureId(id).setTitle(title).setFileName(id + ".pdf").setCaption(caption)
                .setAspectRatio("4:3").build();
    }

    private static String title(String tex) {
        int open = tex.indexOf("\\title{") + "\\title{".length();
        int depth = 1;
        int i = open;
        while (depth > 0) {
            char c = tex.charAt(i++);
            depth += c == '{' ? 1 : c == '}' ? -1 : 0;
        }
        return tex.substring(open, i - 1);
    }

    /** The materials' headings, lower-case. */
    private static Set<String> headings(String markdown) {
        Set<String> headings = new LinkedHashSet<>();
        markdown.lines().filter(line -> line.strip().startsWith("#"))
                .forEach(line -> headings.add(line.strip().replaceFirst("^#+", "").strip().toLowerCase(Locale.ROOT)));
        return headings;
    }

    private static Set<String> words(String text) {
        Set<String> words = new LinkedHashSet<>();
        for (String word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!word.isEmpty()) {
                words.add(word);
            }
        }
        return words;
    }

    /** Sentences of four words or more, normalised as the CONTENT gate does. */
    private static List<String> sentences(String latex) {
        List<String> sentences = new ArrayList<>();
        for (String sentence : ContentGate.words(latex).split("(?<=[.!?])\\s+(?=[A-Z])")) {
            String key = sentence.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 ]", " ").replaceAll("\\s+", " ")
                    .strip();
            if (count(key) >= 4) {
                sentences.add(key);
            }
        }
        return sentences;
    }

    private static int count(String words) {
        return words.isBlank() ? 0 : words.strip().split("\\s+").length;
    }

    private static String between(String text, String from, String to) {
        int start = text.indexOf(from);
        int end = text.indexOf(to, start + from.length());
        return text.substring(start + from.length(), end < 0 ? text.length() : end);
    }
}
