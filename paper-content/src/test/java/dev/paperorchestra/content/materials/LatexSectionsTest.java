package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LatexSectionsTest {

    private static final String DOC = """
            \\begin{document}
            \\begin{abstract}
            old abstract
            \\end{abstract}
            \\section{Introduction}
            old intro
            \\section{Method}
            old method
            \\bibliographystyle{plain}
            \\bibliography{references}
            \\end{document}
            """;

    @Test
    void replaces_only_the_named_section_body() {
        String result = LatexSections.replaceBody(DOC, "Introduction", "new intro");

        assertThat(result).contains("\\section{Introduction}\nnew intro").doesNotContain("old intro")
                .contains("old method");
    }

    @Test
    void the_last_section_ends_at_the_bibliography() {
        String result = LatexSections.replaceBody(DOC, "Method", "new method");

        assertThat(result).contains("new method").doesNotContain("old method").contains("\\bibliography{references}");
    }

    @Test
    void replaces_the_abstract() {
        assertThat(LatexSections.replaceAbstract(DOC, "new abstract")).contains("new abstract")
                .doesNotContain("old abstract");
    }

    /** OUP's classes take the abstract as a command; a commented-out one is left alone. */
    @Test
    void replaces_an_abstract_given_as_a_command() {
        String oup = "\\begin{document}\n%\\abstract{commented}\n\\abstract{Abstracts must stand alone.}\n"
                + "\\maketitle\n\\end{document}\n";

        assertThat(LatexSections.replaceAbstract(oup, "We benchmark variant callers.")).contains(
                "\\abstract{\nWe benchmark variant callers.\n}").contains("%\\abstract{commented}")
                .doesNotContain("must stand alone");
    }

    @Test
    void a_group_opened_for_the_bibliography_survives_the_section_before_it() {
        String tex = "\\section{Conclusion}\n% Summary.\n\n{\\small\n\\bibliographystyle{plain}\n"
                + "\\bibliography{references}\n}\n\\end{document}\n";

        String replaced = LatexSections.replaceBody(tex, "Conclusion", "We conclude.");

        assertThat(replaced).isEqualTo("\\section{Conclusion}\nWe conclude.\n\n{\\small\n\\bibliographystyle{plain}\n"
                + "\\bibliography{references}\n}\n\\end{document}\n");
    }

    @Test
    void the_label_stays_and_spaces_inside_the_title_braces_are_tolerated() {
        String tex = "\\section{ Method }\\label{sec:m}\nold {text}\n\\section{Experiments}\nkept\n";

        assertThat(LatexSections.replaceBody(tex, "Method", "new"))
                .isEqualTo("\\section{ Method }\\label{sec:m}\nnew\n\n\\section{Experiments}\nkept\n");
    }

    @Test
    void a_missing_section_is_an_error() {
        assertThatThrownBy(() -> LatexSections.replaceBody(DOC, "Appendix", "x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Appendix");
    }
}
