package dev.paperorchestra.content.integrity;

import static org.assertj.core.api.Assertions.assertThat;

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
    /** The abstract may restate the introduction word for word; the body may not repeat itself. */
    private static final String ABSTRACT_TEXT = SENTENCES + METHOD
            + "It improves the error of every baseline we compare with on two public benchmarks by a wide margin. "
            + "Code and trained models accompany the paper so that every number can be checked by a reader.";

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
        return result.findings();
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
    void an_abstract_is_not_the_templates_text_and_has_a_usual_length() {
        assertThat(findings(paper("Sparse Depth", "Lorem ipsum dolor sit amet.", GOOD_BODY))).singleElement()
                .asString().contains("placeholder text");
        assertThat(findings(paper("Sparse Depth", "We densify depth.", GOOD_BODY))).singleElement().asString()
                .contains("the abstract has 3 words");
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
    void a_caption_that_only_repeats_its_label_is_found() {
        String body = GOOD_BODY.replace("\\section{Conclusion}", "\\begin{table}\\caption{Table 5: Table 5}"
                + "\\end{table}\n\\section{Conclusion}");
        assertThat(findings(paper("Sparse Depth", ABSTRACT_TEXT, body))).singleElement().asString()
                .contains("only repeats its label");
    }
}
