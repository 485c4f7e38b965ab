package dev.paperorchestra.writer.latex;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TemplatePlaceholdersTest {

    @Test
    void stubs_lorem_ipsum_and_marker_comments_are_removed_and_format_comments_stay() {
        String tex = """
                % Keep the submission anonymous.
                %%%% TITLE - PLEASE UPDATE
                \\title{My Title}
                \\begin{document}
                \\begin{abstract}
                Your abstract goes here.
                \\end{abstract}
                \\section{Introduction}
                Introduction here.
                \\section{Method} Text here.
                Lorem ipsum dolor sit amet,
                consectetur adipiscing elit.
                \\section{Conclusion}
                % TODO: write the conclusion
                We conclude that this stays here.
                \\end{document}
                """;

        String cleaned = TemplatePlaceholders.remove(tex);

        assertThat(cleaned).doesNotContain("PLEASE UPDATE", "goes here", "Introduction here", "Text here", "Lorem",
                "adipiscing", "TODO")
                .contains("% Keep the submission anonymous.", "\\section{Introduction}", "\\section{Method}",
                        "\\section{Conclusion}", "We conclude that this stays here.");
    }
}
