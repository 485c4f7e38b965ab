package dev.paperorchestra.writer.latex;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PreambleTest {

    @Test
    void missing_packages_are_loaded_before_begin_document() {
        String tex = Preamble.ensurePackages("\\documentclass{article}\n\\usepackage{times}\n\\begin{document}\n"
                + "\\end{document}\n", List.of("graphicx", "booktabs"));

        assertThat(tex).contains("\\usepackage{times}\n% packages the written sections use (added by the writer)\n"
                + "\\usepackage{graphicx}\n\\usepackage{booktabs}\n\\begin{document}");
    }

    @Test
    void packages_loaded_in_a_list_or_with_options_are_not_loaded_again() {
        String document = "\\documentclass{article}\n\\usepackage{amsmath,booktabs}\n"
                + "\\usepackage[pdftex]{graphicx}\n\\begin{document}\n\\end{document}\n";

        assertThat(Preamble.ensurePackages(document, List.of("graphicx", "booktabs"))).isEqualTo(document);
    }

    @Test
    void a_commented_out_package_is_not_loaded() {
        String tex = Preamble.ensurePackages("\\documentclass{article}\n%\\usepackage{booktabs}\n\\begin{document}\n"
                + "\\end{document}\n", List.of("booktabs"));

        assertThat(tex).contains("\n\\usepackage{booktabs}\n\\begin{document}");
    }
}
