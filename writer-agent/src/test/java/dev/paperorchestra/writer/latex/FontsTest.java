package dev.paperorchestra.writer.latex;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FontsTest {

    /** OUP's class sets Computer Modern and a text-companion glyph in its journal line: a bitmap without lmodern. */
    @Test
    void the_oup_authoring_class_gets_scalable_latin_modern() {
        String tex = "\\documentclass[webpdf,contemporary,large]{oup-authoring-template}\n\\begin{document}\n"
                + "Text.\n\\end{document}\n";

        assertThat(Fonts.scalable(tex)).contains("{oup-authoring-template}\n\\usepackage[T1]{fontenc}\n"
                + "\\usepackage{lmodern}");
    }

    @Test
    void a_class_with_fonts_of_its_own_is_left_as_it_is() {
        String tex = "\\documentclass[sigconf]{acmart}\n\\begin{document}\nText.\n\\end{document}\n";

        assertThat(Fonts.scalable(tex)).isEqualTo(tex);
    }
}
