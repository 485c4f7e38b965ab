package dev.paperorchestra.model.tex;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TexParagraphsTest {

    private static final String BODY = """
            \\begin{document}
            \\begin{abstract}
            We densify depth.
            \\end{abstract}
            \\section{Method}
            Each pixel gathers depth
            from its neighbours~\\cite{a}. % a comment
            It stops after $k=3$ steps.

            A second paragraph, \\emph{in short}.
            \\begin{figure}
            \\includegraphics{x.pdf}
            \\caption{Not running text.}
            \\end{figure}
            \\begin{itemize}
            \\item[1] First item
            \\item Second item
            \\end{itemize}
            \\begin{equation} y = 2x \\end{equation}
            \\paragraph{Run-in} Its text.
            \\end{document}
            """;

    @Test
    void running_text_is_split_at_breaks_and_leaves_out_headings_floats_and_display_math() {
        TexDocument document = TexDocument.parse(BODY);

        List<TexParagraph> paragraphs = document.paragraphs(new TexSpan(0, BODY.length()));

        assertThat(paragraphs).extracting(TexParagraph::text).containsExactly("We densify depth.",
                "Each pixel gathers depth from its neighbours . It stops after k=3 steps.",
                "A second paragraph, in short.", "First item", "Second item", "Its text.");
        assertThat(document.lineOf(paragraphs.get(1).span().start())).isEqualTo(6);
        assertThat(document.text(paragraphs.get(1).span())).startsWith("Each pixel");
    }

    @Test
    void math_spans_are_inline_display_and_environments_and_a_stray_dollar_opens_nothing() {
        String tex = "A $x$ and $$y$$ and \\(z\\) and \\[w\\] then \\begin{align} a \\end{align} cost 5\\$ or $ "
                + "open\n\nnext $v$.";
        TexDocument document = TexDocument.parse(tex);

        assertThat(document.mathSpans()).extracting(document::text).containsExactly("$x$", "$$y$$", "\\(z\\)",
                "\\[w\\]", "\\begin{align} a \\end{align}", "$v$");
    }
}
