package dev.paperorchestra.model.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexSection;
import org.junit.jupiter.api.Test;

class UnfilledSectionTest {

    @Test
    void the_reason_written_under_a_heading_is_read_back_from_that_section_only() {
        TexDocument document = TexDocument.parse("""
                \\documentclass{article}
                \\begin{document}
                \\section{Related Work}
                %s
                \\section{Method}
                %% an ordinary comment
                Text.
                \\end{document}
                """.formatted(UnfilledSection.comment("no source was verified\n and the materials name none")));
        TexSection related = document.topSections().get(0);
        TexSection method = document.topSections().get(1);

        assertThat(UnfilledSection.reason(document, related.body()))
                .contains("no source was verified and the materials name none");
        assertThat(UnfilledSection.reason(document, method.body())).isEmpty();
    }
}
