package dev.paperorchestra.writer.latex;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BibliographyCommandsTest {

    @Test
    void a_missing_bibliography_is_added_before_the_end_of_the_document() {
        String tex = BibliographyCommands.ensure("\\documentclass{article}\n\\begin{document}\n\\section{A}\nText.\n"
                + "\\end{document}\n");

        assertThat(tex).endsWith("Text.\n\\bibliographystyle{plain}\n\\bibliography{references}\n\\end{document}\n");
    }

    @Test
    void the_natbib_style_is_chosen_when_natbib_is_loaded() {
        String tex = BibliographyCommands.ensure("\\documentclass{article}\n\\usepackage[round]{natbib}\n\\begin{document}\n"
                + "\\end{document}\n");

        assertThat(tex).contains("\\bibliographystyle{plainnat}\n\\bibliography{references}\n\\end{document}");
    }

    @Test
    void the_bibliography_goes_before_an_appendix() {
        String tex = BibliographyCommands.ensure("\\documentclass{article}\n\\begin{document}\nText.\n\\appendix\n"
                + "\\section{Proofs}\n\\end{document}\n");

        assertThat(tex.indexOf("\\bibliography{references}")).isLessThan(tex.indexOf("\\appendix"));
    }

    @Test
    void an_existing_bibliography_is_kept_and_pointed_at_references() {
        String tex = BibliographyCommands.ensure("\\begin{document}\n{\\small\n\\bibliographystyle{ieee}\n"
                + "\\bibliography{refs}\n}\n\\end{document}\n");

        assertThat(tex).isEqualTo("\\begin{document}\n{\\small\n\\bibliographystyle{ieee}\n"
                + "\\bibliography{references}\n}\n\\end{document}\n");
    }

    @Test
    void a_missing_style_is_added_to_an_existing_bibliography() {
        String tex = BibliographyCommands.ensure("\\begin{document}\n\\bibliography{references}\n\\end{document}\n");

        assertThat(tex).isEqualTo("\\begin{document}\n\\bibliographystyle{plain}\n\\bibliography{references}\n"
                + "\\end{document}\n");
    }

    @Test
    void a_commented_out_bibliography_does_not_count() {
        String tex = BibliographyCommands.ensure("\\begin{document}\n% \\bibliography{references}\n\\end{document}\n");

        assertThat(tex).endsWith("% \\bibliography{references}\n\\bibliographystyle{plain}\n"
                + "\\bibliography{references}\n\\end{document}\n");
    }

    @org.junit.jupiter.api.Test
    void a_class_that_names_its_own_style_gets_no_second_one() {
        String tex = "\\documentclass{jmlr}\n\\begin{document}\nText.\n\\end{document}\n";

        org.assertj.core.api.Assertions.assertThat(BibliographyCommands.ensure(tex)).contains("\\bibliography{references}")
                .doesNotContain("\\bibliographystyle");
    }
}
