package dev.paperorchestra.writer.latex;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SectionBodyTest {

    @Test
    void a_group_opened_for_the_bibliography_survives_the_section_before_it() {
        String tex = "\\section{Conclusion}\n% Summary.\n\n{\\small\n\\bibliographystyle{plain}\n"
                + "\\bibliography{references}\n}\n\\end{document}\n";

        String replaced = SectionBody.replace(tex, "Conclusion", "We conclude.");

        assertThat(replaced).isEqualTo("\\section{Conclusion}\nWe conclude.\n\n{\\small\n\\bibliographystyle{plain}\n"
                + "\\bibliography{references}\n}\n\\end{document}\n");
    }

    @Test
    void the_body_runs_to_the_next_section_and_other_sections_stay() {
        String tex = "\\section{Method}\\label{sec:m}\nold {text}\n\\section{Experiments}\nkept\n";

        assertThat(SectionBody.replace(tex, "Method", "new"))
                .isEqualTo("\\section{Method}\\label{sec:m}\nnew\n\n\\section{Experiments}\nkept\n");
    }
}
