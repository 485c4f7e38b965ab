package dev.paperorchestra.content.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StructureGateTest {

    private static final List<String> MANDATORY = List.of("abstract", "introduction", "related work", "method",
            "experiments", "conclusion");
    private static final String PAPER = """
            \\documentclass{article}
            \\author{Anonymous submission}
            \\begin{document}
            \\begin{abstract}
            A.
            \\end{abstract}
            \\section{Introduction}
            \\section{Related Work}
            \\section{Approach}
            \\begin{itemize}
            \\item One.
            \\end{itemize}
            \\section{Experimental Evaluation}
            \\section{Conclusion}
            \\end{document}
            """;

    @Test
    void an_anonymous_balanced_paper_with_every_mandatory_section_passes() {
        assertThat(StructureGate.check(PAPER, MANDATORY).messages()).isEmpty();
    }

    @Test
    void a_missing_mandatory_section_is_reported() {
        String tex = PAPER.replace("\\section{Related Work}\n", "");

        assertThat(StructureGate.check(tex, MANDATORY).messages()).containsExactly(
                "the guidelines require a \"related work\" section, and paper.tex has none");
    }

    @Test
    void an_environment_closed_by_another_is_reported_with_both_lines() {
        String tex = PAPER.replace("\\end{itemize}", "\\end{enumerate}");

        assertThat(StructureGate.check(tex, MANDATORY).messages())
                .containsExactly("\\begin{itemize} on line 10 is closed by \\end{enumerate} on line 12");
    }

    @Test
    void an_unclosed_environment_and_brace_are_reported() {
        String tex = PAPER.replace("\\end{abstract}\n", "").replace("\\item One.", "\\item \\textbf{One.");

        assertThat(StructureGate.check(tex, MANDATORY).messages())
                .anySatisfy(finding -> assertThat(finding).contains("\\begin{abstract} on line 4"))
                .anySatisfy(finding -> assertThat(finding).isEqualTo("1 { is never closed"));
    }

    @Test
    void author_names_emails_affiliations_and_acknowledgements_are_reported() {
        String tex = PAPER.replace("\\author{Anonymous submission}",
                        "\\author{Jane Doe\\thanks{Work done at ACME.} \\\\ jane.doe@example.org}")
                .replace("\\end{document}", "\\section*{Acknowledgements}\nWe thank Bob.\n\\end{document}");

        assertThat(StructureGate.check(tex, MANDATORY).messages()).hasSize(4)
                .anySatisfy(finding -> assertThat(finding).contains("names the authors"))
                .anySatisfy(finding -> assertThat(finding).contains("e-mail address"))
                .anySatisfy(finding -> assertThat(finding).contains("\\thanks"))
                .anySatisfy(finding -> assertThat(finding).contains("acknowledgements"));
    }
}
