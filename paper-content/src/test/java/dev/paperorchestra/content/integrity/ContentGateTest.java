package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Gate;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.materials.MessyNotes;
import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.vocabulary.AbstractBounds;
import dev.paperorchestra.model.vocabulary.PreprintIds;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContentGateTest {

    private static final String IDEA = "# Working title\n\n## Core idea\nSparse depth with confidence.\n";
    private static final String SENTENCES = "Sparse depth sensors return measurements at few pixels of the image. "
            + "We propagate them with a learned affinity that respects object boundaries in the scene. "
            + "Confidence estimates decide how far each measurement may travel across the image plane. "
            + "The method runs in real time on a single graphics processor and needs no extra supervision. ";
    private static final String METHOD = "Each pixel gathers depth from its neighbours in a fixed number of steps. "
            + "The affinity between two pixels is predicted from image features by a small network. "
            + "A measured pixel keeps its value while unmeasured ones converge to a weighted average. ";
    /** The abstract says what the paper does in its own sentences; the body may not repeat them. */
    private static final String ABSTRACT_TEXT = "Depth sensors on phones and robots measure only a few hundred "
            + "pixels of each frame, far too few for dense perception. We show that a learned, boundary-aware "
            + "affinity can spread those measurements over the whole image when each one carries a confidence. "
            + "Confidence limits how far an unreliable reading travels, so noise stays local while good readings fill "
            + "large regions. The propagation needs a fixed number of steps, runs in real time on one graphics "
            + "processor and is trained without dense ground truth. It improves the error of every baseline we "
            + "compare with on two public benchmarks by a wide margin. Code and trained models accompany the paper "
            + "so that every number can be checked by a reader.";

    private static String paper(String title, String abstractText, String body) {
        return "\\documentclass{article}\n\\title{" + title + "}\n\\begin{document}\n\\maketitle\n"
                + "\\begin{abstract}\n" + abstractText + "\n\\end{abstract}\n" + body + "\\end{document}\n";
    }

    private static String section(String name, String text) {
        return "\\section{" + name + "}\n" + text + "\n\n";
    }

    private static final String GOOD_BODY = section("Introduction", SENTENCES)
            + section("Method", METHOD)
            + section("Conclusion", "Confidence-guided propagation densifies sparse depth accurately and fast. "
                    + "It needs no supervision beyond the sparse measurements themselves and the image. "
                    + "Future work will extend it to video, where measurements accumulate over time. "
                    + "Longer sequences would also let the confidence estimates learn from their own past errors.");

    private static List<String> findings(String tex) {
        GateResult result = ContentGate.check(tex, IDEA);
        assertThat(result.gate()).isEqualTo(Gate.CONTENT);
        return result.messages();
    }

    private static List<String> rules(String tex) {
        return ContentGate.check(tex, IDEA).findings().stream().map(Finding::rule).toList();
    }

    @Test
    void a_paper_with_its_own_title_and_abstract_and_real_sections_passes() {
        assertThat(findings(paper("Confidence-Guided Sparse Depth Propagation", ABSTRACT_TEXT, GOOD_BODY)))
                .isEmpty();
    }

    @Test
    void a_template_placeholder_or_a_materials_heading_is_not_a_title() {
        assertThat(findings(paper("Title", ABSTRACT_TEXT, GOOD_BODY))).singleElement().asString()
                .contains("template's placeholder");
        assertThat(findings(paper("Working Title", ABSTRACT_TEXT, GOOD_BODY))).singleElement().asString()
                .contains("placeholder");
        assertThat(findings(paper("Core Idea", ABSTRACT_TEXT, GOOD_BODY))).singleElement().asString()
                .contains("a heading of the materials");
        assertThat(findings(paper("Idea Summary: sparse depth", ABSTRACT_TEXT, GOOD_BODY))).singleElement()
                .asString().contains("a heading of the materials");
    }

    @Test
    void each_finding_carries_a_stable_rule_and_the_line_it_is_on() {
        GateResult result = ContentGate.check(paper("Title", "We densify depth.", GOOD_BODY
                + section("Discussion", "")), IDEA);

        assertThat(result.findings()).extracting(Finding::rule)
                .containsExactly("title.placeholder", "abstract.length", "section.empty");
        assertThat(result.findings()).allSatisfy(finding -> assertThat(finding.gate()).isEqualTo(Gate.CONTENT));
        assertThat(result.findings().getFirst().location()).isEqualTo(new Finding.Location("paper.tex", 2));
        assertThat(result.messages().get(1)).isEqualTo("the abstract has 3 words; an abstract has "
                + AbstractBounds.ACCEPTED);
    }

    /** The benchmark's own style: "**Problem Statement**" is a heading of the materials, never the title. */
    @Test
    void a_bold_line_heading_of_the_materials_is_not_a_title() {
        String idea = "**Problem Statement**\nSparse depth is too sparse.\n\n**Proposed Method**\nPropagate it.\n";

        assertThat(ContentGate.check(paper("Problem Statement", ABSTRACT_TEXT, GOOD_BODY), idea).findings())
                .extracting(Finding::rule).containsExactly("title.materials-heading");
        assertThat(ContentGate.check(paper("Confidence-Guided Sparse Depth", ABSTRACT_TEXT, GOOD_BODY), idea)
                .passed()).isTrue();
    }

    @Test
    void an_abstract_is_not_the_templates_text_and_has_a_usual_length() {
        assertThat(findings(paper("Sparse Depth", "Lorem ipsum dolor sit amet.", GOOD_BODY))).singleElement()
                .asString().contains("placeholder text");
        assertThat(findings(paper("Sparse Depth", "We densify depth.", GOOD_BODY))).singleElement().asString()
                .contains("the abstract has 3 words");
    }

    @Test
    void a_required_section_the_materials_cannot_fill_is_reported_with_its_cause() {
        String body = GOOD_BODY + section("Related Work", dev.paperorchestra.model.vocabulary.UnfilledSection
                .comment("no bibliographic source was verified and the materials name no earlier work"));
        assertThat(ContentGate.check(paper("Sparse Depth", ABSTRACT_TEXT, body), IDEA).findings())
                .singleElement().satisfies(finding -> {
                    assertThat(finding.rule()).isEqualTo(ContentGate.UNFILLED);
                    assertThat(finding.message()).startsWith("section \"Related Work\" is empty")
                            .endsWith(": no bibliographic source was verified and the materials name no earlier work");
                });
    }

    @Test
    void an_empty_or_stub_section_is_found_and_a_figure_alone_does_not_fill_one() {
        String body = GOOD_BODY + section("Experiments", "\\begin{figure}\\includegraphics{a.png}"
                + "\\caption{Error against density of the sparse input.}\\end{figure}") + section("Discussion", "");
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, body)))
                .anySatisfy(finding -> assertThat(finding).startsWith("section \"Experiments\" is empty"))
                .anySatisfy(finding -> assertThat(finding).startsWith("section \"Discussion\" is empty"));
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, GOOD_BODY + section("Limitations",
                "It is slow.")))).singleElement().asString().contains("a stub of 3 words");
    }

    @Test
    void nothing_of_the_materials_is_printed() {
        for (String leak : List.of("as described in experimental\\_log.md", "see idea.md",
                "stored under /home/alice/run3/out", "bioRxiv preprint doi: 10.1101/2024.01.02.573001",
                "Figures: 7. Tables: 3.")) {
            assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, GOOD_BODY.replace("in real time",
                    "in real time (" + leak + ")")))).as(leak).singleElement().asString().contains("the paper prints");
        }
    }

    @Test
    void a_sentence_written_twice_and_a_page_long_paragraph_are_found() {
        String twice = GOOD_BODY.replace("Future work", "We propagate them with a learned affinity that respects "
                + "object boundaries in the scene. Future work");
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, twice))).singleElement().asString()
                .contains("is written twice");
        String afterHeading = GOOD_BODY.replace("\\section{Method}\n", "\\section{Method}\nEach pixel gathers depth "
                + "from its neighbours in a fixed number of steps. ");
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, afterHeading))).singleElement().asString()
                .contains("is written twice");
        String pasted = GOOD_BODY + section("Results", "row value ".repeat(400));
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, pasted))).singleElement().asString()
                .contains("words runs longer than a page");
    }

    @Test
    void sentences_that_differ_only_in_the_work_they_cite_are_two_sentences_and_the_same_citation_twice_is_one() {
        String framing = "The study in \\cite{%s} shaped how this problem is framed and evaluated in our setting. ";
        String two = GOOD_BODY.replace("Future work", framing.formatted("lee21") + framing.formatted("kim22")
                + "Future work");
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, two))).isEmpty();
        String same = GOOD_BODY.replace("Future work", framing.formatted("lee21") + framing.formatted("lee21")
                + "Future work");
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, same))).singleElement().asString()
                .contains("is written twice");
    }

    @Test
    void a_caption_that_only_repeats_its_label_is_found() {
        String body = GOOD_BODY.replace("\\section{Conclusion}", "\\begin{table}\\caption{Table 5: Table 5}"
                + "\\end{table}\n\\section{Conclusion}");
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, body))).singleElement().asString()
                .contains("only repeats its label");
    }

    /** OUP's classes take the abstract as a command: its text is the abstract, not the body repeating it. */
    @Test
    void an_abstract_given_as_a_command_is_not_a_body_repeating_it() {
        String oup = "\\documentclass{oup-authoring-template}\n\\begin{document}\n\\title{Sparse Depth}\n"
                + "\\abstract{" + ABSTRACT_TEXT + "}\n\n\\maketitle\n" + GOOD_BODY + "\\end{document}\n";

        assertThat(findings(oup)).noneMatch(finding -> finding.contains("repeated in the body"));
    }

    @Test
    void a_sentence_of_the_abstract_repeated_in_the_body_is_found() {
        String sentence = "Confidence limits how far an unreliable reading travels, so noise stays local while good "
                + "readings fill large regions.";
        String repeated = GOOD_BODY.replace("\\section{Method}\n", "\\section{Method}\n" + sentence + " ");
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, repeated))).singleElement().asString()
                .startsWith("the abstract's sentence \"Confidence limits how far").contains("repeated in the body");
        // normalised: case, punctuation and LaTeX markup do not hide it, nor a lead-in
        String dressed = GOOD_BODY.replace("\\section{Method}\n", "\\section{Method}\nIn short, confidence "
                + "\\emph{limits} how far an unreliable reading travels; so noise stays local while good readings "
                + "fill large regions! ");
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, dressed))).singleElement().asString()
                .contains("repeated in the body");
        // the abstract repeated whole as the introduction's first paragraph: every long sentence is reported
        String asIntroduction = GOOD_BODY.replace("\\section{Introduction}\n", "\\section{Introduction}\n"
                + ABSTRACT_TEXT + "\n\n");
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, asIntroduction))).hasSize(6)
                .allSatisfy(finding -> assertThat(finding).contains("repeated in the body"));
    }

    @Test
    void a_preprint_identifier_is_found_in_every_form() {
        for (String id : List.of("biorxiv;2025.01.31.635838v1/FIG1F1fig1Fig.", "10.1101/2025.01.31.635838",
                "doi:10.1101/2025.01.31.635838v1", "https://www.biorxiv.org/content/10.1101/2025.01.31.635838v1",
                "10.1101/123456", "F1.large.jpg", "pone.0123456.g001", "PMC7654321", "PMID: 31234567",
                "elife-12345-fig1-v2", "2025.01.31.635838v1.full.pdf", "<jats:p>")) {
            assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, GOOD_BODY.replace("in real time",
                    "in real time (" + id + ")")))).as(id).singleElement().asString()
                    .contains("a JATS/bioRxiv identifier").contains(id.substring(0, 8));
        }
        String many = GOOD_BODY.replace("in real time", "in real time biorxiv;2025.01.31.635838v1/FIG1F1fig1Fig. "
                + "and biorxiv;2025.01.31.635838v1/FIG2F2fig2Fig. and F3.large.jpg");
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, many))).singleElement().asString()
                .contains("3 JATS/bioRxiv identifiers, the first, \"biorxiv;2025.01.31.635838v1/FIG1F1fig1Fig.\"");
    }

    /**
     * The notes cleaner and this gate read preprint identifiers from one declaration ({@code PreprintIds}): every
     * form the cleaner removes from the materials is flagged when a paper prints it.
     */
    @Test
    void anything_the_notes_cleaner_removes_as_an_identifier_the_gate_flags() {
        for (String id : List.of("biorxiv;2025.01.31.635838v1/FIG1F1fig1Fig.", "medrxiv;2024.03.05.24303812v2/T2",
                "10.1101/2025.01.31.635838", "DOI: 10.1101/123456", "https://doi.org/10.1101/2025.01.31.635838",
                "www.medrxiv.org/content/10.1101/2024.03.05.24303812v1.full", "F1.large.jpg", "T2.medium.gif",
                "pone.0123456.g001", "journal.pbio.1234567.t002", "journal.pclm.1234567.g001", "pdig.1234567.t001",
                "elife-12345-fig1-v2.jpg", "PMC7654321", "PMCID: PMC7654321", "PMID: 31234567", "2025.01.31.635838v1.full.pdf", "<jats:p>")) {
            String note = "The cells grew in real time (" + id + ") as expected.";
            assertThat(MessyNotes.cleanText(note)).as("the cleaner removes " + id).doesNotContain(id.strip());
            assertThat(PreprintIds.present(note)).as(id).isTrue();
            assertThat(rules(paper("Sparse Depth", ABSTRACT_TEXT, GOOD_BODY.replace("in real time", "in real time ("
                    + id + ")")))).as(id).containsExactly("leak.preprint-id");
        }
    }

    @Test
    void a_citation_marker_without_a_reference_is_found() {
        for (String marker : List.of("[1]", "[2, 3]", "[4--6]", "[7–9]", "[12,13]")) {
            assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, GOOD_BODY.replace("object boundaries",
                    "object boundaries " + marker)))).as(marker).singleElement().asString()
                    .contains("a citation marker without a reference", marker);
        }
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, GOOD_BODY.replace("object boundaries",
                "object interactions7, 8 and boundaries").replace("single graphics processor",
                "single graphics processor\\textsuperscript{3,4}")))).singleElement().asString()
                .contains("2 citation markers", "interactions7, 8", "\\textsuperscript{3,4}");
    }

    @Test
    void numbers_and_brackets_that_are_not_markers_are_not_found() {
        String body = GOOD_BODY.replace("object boundaries", "object boundaries \\cite[p.~4]{smith2020} in $[0, 1]$ "
                + "and \\(x_{[1]}\\) within [1, 5] over 1,000 images with CD4, H2O, p53, top-5, ResNet50, cifar10 and "
                + "layer 3\\\\[2pt] of \\citep[Sec.~3]{a}").replace("\\section{Method}", "\\begin{itemize}\\item[1] "
                + "first\\end{itemize}\n\\section{Method}");
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, body))).isEmpty();
    }

    @Test
    void a_caption_saying_it_comes_from_the_experimental_log_is_found() {
        String body = GOOD_BODY.replace("\\section{Conclusion}", "\\begin{figure}\\includegraphics{a.pdf}\\caption{"
                + "Depth accuracy: RMSE and MAE for each method (from the experimental log).}\\end{figure}\n"
                + "\\section{Conclusion}");
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, body))).singleElement().asString()
                .contains("(from the experimental log)");
    }

    @Test
    void a_section_named_like_a_materials_note_heading_is_found() {
        for (String heading : List.of("Core question", "Method in brief", "Key results", "Notes")) {
            String body = GOOD_BODY.replace("\\section{Method}\n", "\\section{Method}\n\\subsection{" + heading
                    + "}\n");
            assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, body))).as(heading).singleElement().asString()
                    .contains("\"" + heading + "\" is a heading of the materials' notes");
        }
    }
}
