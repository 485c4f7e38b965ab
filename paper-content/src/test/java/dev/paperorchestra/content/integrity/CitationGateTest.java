package dev.paperorchestra.content.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.latex.LatexIssue;
import dev.paperorchestra.content.latex.LatexIssue.Kind;
import dev.paperorchestra.model.finding.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;

class CitationGateTest {

    private static final String BIB = """
            @inproceedings{eigen2014depth, title = {Depth}, year = {2014}}
            @article{ma2018sparse, title = {Sparse}, year = {2018}}
            """;

    @Test
    void citations_of_bibliography_entries_and_resolved_references_pass() {
        String tex = "\\section{Intro}\\label{sec:intro} See \\citep{eigen2014depth, ma2018sparse} and "
                + "Section~\\ref{sec:intro}.";

        GateResult result = CitationGate.check(tex, BIB, List.of());

        assertThat(result.passed()).isTrue();
        assertThat(result.checked()).isEqualTo(3);
    }

    @Test
    void a_key_missing_from_the_bibliography_is_reported() {
        GateResult result = CitationGate.check("As shown by \\cite{eigen2014depth,invented2023}.", BIB, List.of());

        assertThat(result.messages()).singleElement().asString().contains("`invented2023'", "references.bib");
    }

    @Test
    void a_reference_to_a_missing_label_is_reported() {
        GateResult result = CitationGate.check("See Table~\\ref{tab:main}.", BIB, List.of());

        assertThat(result.messages()).singleElement().asString().contains("\\ref{tab:main}", "??");
    }

    @Test
    void question_marks_left_after_compiling_are_reported() {
        List<LatexIssue> warnings = List.of(
                new LatexIssue(Kind.UNDEFINED_CITATION, "Citation `ma2018sparse' undefined", "ma2018sparse", 4),
                new LatexIssue(Kind.OVERFULL_BOX, "Overfull \\hbox (2pt too wide)", null, 9));

        GateResult result = CitationGate.check("\\cite{ma2018sparse}", BIB, warnings);

        assertThat(result.messages()).singleElement().asString()
                .isEqualTo("after compiling: line 4: Citation `ma2018sparse' undefined (it prints ?? in the PDF)");
    }

    /**
     * IEEE's conference template ships a thebibliography of sample references b1-b3 and cites b1; a paper that
     * keeps them sets two reference lists. The finding names the sample reference and its list, not only the key.
     */
    @Test
    void a_citation_of_the_templates_sample_bibitem_is_named_as_such() {
        String tex = """
                \\begin{document}
                \\section{Introduction}
                As in \\cite{b1} and \\cite{eigen2014depth}.
                \\bibliography{references}
                \\begin{thebibliography}{00}
                \\bibitem{b1} G. Eason, B. Noble, and I. N. Sneddon, ``On certain integrals,'' 1955.
                \\bibitem{b2} J. Clerk Maxwell, A Treatise on Electricity and Magnetism, 1892.
                \\end{thebibliography}
                \\end{document}
                """;

        GateResult result = CitationGate.check(tex, BIB, List.of());

        assertThat(result.findings()).extracting(Finding::rule)
                .containsExactly("cite.sample-bibitem", "bibliography.sample-items");
        assertThat(result.messages().getFirst()).isEqualTo("\\cite{b1} (line 3) cites a sample reference of the "
                + "template (\\bibitem{b1} on line 6), not an entry of references.bib; cite only keys of references.bib");
        assertThat(result.messages().get(1)).contains("template's reference list (thebibliography, line 6)",
                "2 sample \\bibitems (b1, b2)", "remove it");
        assertThat(result.findings().getFirst().location()).isEqualTo(new Finding.Location("paper.tex", 3));
    }

    @Test
    void commented_out_citations_are_ignored() {
        assertThat(CitationGate.check("Text. % \\cite{invented2023}", BIB, List.of()).passed()).isTrue();
    }
}
