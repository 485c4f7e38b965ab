package dev.paperorchestra.content.integrity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
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
    void findings_are_typed_by_rule() {
        String tex = PAPER.replace("\\section{Related Work}\n", "").replace("\\end{itemize}", "\\end{enumerate}");

        assertThat(StructureGate.check(tex, MANDATORY).findings()).extracting(Finding::gate, Finding::rule)
                .containsExactly(tuple(Gate.STRUCTURE, "section.missing"), tuple(Gate.STRUCTURE, "environment.nesting"));
    }

    @Test
    void mandatory_sections_are_found_under_any_name_their_role_has() {
        String tex = PAPER.replace("\\section{Related Work}", "\\section{Prior Work}")
                .replace("\\section{Approach}", "\\section{Materials and Methods}")
                .replace("\\section{Experimental Evaluation}", "\\section{Results}");

        assertThat(StructureGate.check(tex, MANDATORY).messages()).isEmpty();
        assertThat(StructureGate.check(tex, List.of("limitations")).messages()).containsExactly(
                "the guidelines require a \"limitations\" section, and paper.tex has none");
    }

    /**
     * acmart's anonymous option keeps the author block in the source and out of the PDF: without a PDF to read,
     * the source is judged as the class will print it (the e-mail typed into the body is still shown).
     */
    @Test
    void an_acmart_anonymous_paper_is_not_failed_for_the_authors_its_class_hides() {
        String acmart = PAPER.replace("\\documentclass{article}", "\\documentclass[sigconf,review,anonymous]{acmart}")
                .replace("\\author{Anonymous submission}", "\\author{Ben Trovato}\n\\email{trovato@corporation.com}\n"
                        + "\\affiliation{\\institution{Institute for Clarity in Documentation}\\country{USA}}")
                .replace("\\end{document}", "\\begin{acks}\nWe thank Bob.\n\\end{acks}\n\\end{document}");

        assertThat(StructureGate.check(acmart, MANDATORY).messages()).isEmpty();
        assertThat(StructureGate.check(acmart.replace("review,anonymous", "review"), MANDATORY).findings())
                .extracting(Finding::rule)
                .contains("anonymity.author", "anonymity.affiliation", "anonymity.email", "anonymity.acknowledgements");
        assertThat(StructureGate.check(acmart.replace("\\section{Introduction}", "\\section{Introduction}\n"
                + "Write to trovato@corporation.com."), MANDATORY).findings()).extracting(Finding::rule)
                .containsExactly("anonymity.email");
    }

    @Test
    void on_the_pdf_text_only_what_it_shows_is_reported() {
        String tex = PAPER.replace("\\author{Anonymous submission}",
                "\\author{Jane Doe\\thanks{Work done at ACME Research.} \\and Li Wei \\\\ jane@acme.org}");

        assertThat(StructureGate.check(tex, MANDATORY, "Paper Title\nAnonymous Author(s)\nAbstract\nA.")
                .messages()).isEmpty();
        assertThat(StructureGate.check(tex, MANDATORY, "Paper Title\nJane Doe and Li Wei\n1 Work done at ACME "
                + "Research.\njane@acme.org").findings()).extracting(Finding::rule)
                .containsExactly("anonymity.author", "anonymity.author", "anonymity.email", "anonymity.affiliation");
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
