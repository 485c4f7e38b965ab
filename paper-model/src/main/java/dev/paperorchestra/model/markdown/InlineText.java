package dev.paperorchestra.model.markdown;

import dev.paperorchestra.model.markdown.Inline.Break;
import dev.paperorchestra.model.markdown.Inline.Code;
import dev.paperorchestra.model.markdown.Inline.Emphasis;
import dev.paperorchestra.model.markdown.Inline.Html;
import dev.paperorchestra.model.markdown.Inline.Image;
import dev.paperorchestra.model.markdown.Inline.Link;
import dev.paperorchestra.model.markdown.Inline.Math;
import dev.paperorchestra.model.markdown.Inline.Strong;
import dev.paperorchestra.model.markdown.Inline.Text;
import dev.paperorchestra.model.math.MathUnicode;
import dev.paperorchestra.model.tex.LatexMath;
import dev.paperorchestra.model.tex.LatexText;
import java.util.List;

/**
 * A line or paragraph of Markdown as typed pieces, with the three ways every reader needs it: as written
 * ({@link #source}: table cells are copied digit for digit from it), as a reader sees it ({@link #plain}: emphasis
 * and links gone, math as Unicode), and as LaTeX ({@link #latex}: escaped, emphasis as {@code \textbf} and
 * {@code \textit}, math kept as math when {@link LatexMath} allows all of it).
 *
 * @param inlines the pieces
 * @param source  the text as written in the file
 */
public record InlineText(List<Inline> inlines, String source) {

    public static final InlineText EMPTY = new InlineText(List.of(), "");

    public InlineText {
        inlines = List.copyOf(inlines);
    }

    /** Plain text as its own model (for text that did not come from Markdown). */
    public static InlineText ofPlain(String text) {
        return new InlineText(List.of(new Text(text)), text);
    }

    /** What a reader sees: no decorations, math as Unicode ({@link MathUnicode}), breaks as spaces, stripped. */
    public String plain() {
        StringBuilder out = new StringBuilder();
        plain(inlines, out);
        return collapse(out);
    }

    /** Like {@link #plain} but with math kept as it was written, dollars included. */
    public String plainWithTexMath() {
        StringBuilder out = new StringBuilder();
        plainTex(inlines, out);
        return collapse(out);
    }

    /** As LaTeX that compiles with pdfLaTeX, whatever the text holds. */
    public String latex() {
        StringBuilder out = new StringBuilder();
        latex(inlines, out);
        return out.toString().strip();
    }

    public boolean isEmpty() {
        return plain().isEmpty();
    }

    /** Whether the text holds math. */
    public boolean hasMath() {
        return any(inlines, Math.class);
    }

    /** Whether every piece (spaces aside) is strong emphasis: a bold label such as {@code **Problem Statement**}. */
    public boolean isOnlyStrong() {
        boolean strong = false;
        for (Inline inline : inlines) {
            if (inline instanceof Strong) {
                strong = true;
            } else if (!(inline instanceof Text text && (text.text().isBlank() || text.text().strip().equals(":")))) {
                return false;
            }
        }
        return strong;
    }

    private static boolean any(List<Inline> inlines, Class<? extends Inline> kind) {
        for (Inline inline : inlines) {
            if (kind.isInstance(inline)) {
                return true;
            }
            List<Inline> children = switch (inline) {
                case Strong strong -> strong.children();
                case Emphasis emphasis -> emphasis.children();
                case Link link -> link.children();
                default -> List.of();
            };
            if (any(children, kind)) {
                return true;
            }
        }
        return false;
    }

    private static void plain(List<Inline> inlines, StringBuilder out) {
        for (Inline inline : inlines) {
            switch (inline) {
                case Text text -> out.append(text.text());
                case Strong strong -> plain(strong.children(), out);
                case Emphasis emphasis -> plain(emphasis.children(), out);
                case Code code -> out.append(code.code());
                case Math math -> out.append(MathUnicode.of(math.latex()));
                case Link link -> plain(link.children(), out);
                case Image image -> out.append(image.alt());
                case Break ignored -> out.append(' ');
                case Html html -> out.append(withoutTags(html.html()));
            }
        }
    }

    private static void plainTex(List<Inline> inlines, StringBuilder out) {
        for (Inline inline : inlines) {
            switch (inline) {
                case Strong strong -> plainTex(strong.children(), out);
                case Emphasis emphasis -> plainTex(emphasis.children(), out);
                case Link link -> plainTex(link.children(), out);
                case Math math -> out.append(math.display() ? "$$" : "$").append(math.latex())
                        .append(math.display() ? "$$" : "$");
                default -> plain(List.of(inline), out);
            }
        }
    }

    private static void latex(List<Inline> inlines, StringBuilder out) {
        for (Inline inline : inlines) {
            switch (inline) {
                case Text text -> out.append(LatexText.text(text.text()));
                case Strong strong -> {
                    out.append("\\textbf{");
                    latex(strong.children(), out);
                    out.append('}');
                }
                case Emphasis emphasis -> {
                    out.append("\\textit{");
                    latex(emphasis.children(), out);
                    out.append('}');
                }
                case Code code -> out.append("\\texttt{").append(LatexText.text(code.code())).append('}');
                case Math math -> out.append(LatexMath.whitelisted(math.latex())
                        .map(formula -> math.display() ? "\\[" + formula + "\\]" : "$" + formula + "$")
                        .orElseGet(() -> LatexText.text("$" + math.latex() + "$")));
                case Link link -> latex(link.children(), out);
                case Image image -> out.append(LatexText.text(image.alt()));
                case Break ignored -> out.append(' ');
                case Html html -> out.append(LatexText.text(withoutTags(html.html())));
            }
        }
    }

    /** HTML with its tags removed ({@code <sup>1</sup>} is 1). */
    static String withoutTags(String html) {
        StringBuilder out = new StringBuilder(html.length());
        boolean tag = false;
        for (int i = 0; i < html.length(); i++) {
            char c = html.charAt(i);
            if (c == '<') {
                tag = true;
            } else if (c == '>' && tag) {
                tag = false;
            } else if (!tag) {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static String collapse(StringBuilder text) {
        StringBuilder out = new StringBuilder(text.length());
        boolean space = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                space = !out.isEmpty();
            } else {
                if (space) {
                    out.append(' ');
                    space = false;
                }
                out.append(c);
            }
        }
        return out.toString();
    }
}
