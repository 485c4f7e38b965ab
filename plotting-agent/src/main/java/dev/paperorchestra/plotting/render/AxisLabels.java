package dev.paperorchestra.plotting.render;

import dev.paperorchestra.model.markdown.Inline;
import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.math.MathUnicode;
import dev.paperorchestra.model.text.Prose;
import java.util.List;

/**
 * Turns a table cell into plain text for a chart: the cell is read as Markdown by the paper model, emphasis and
 * code marks go, math is printed as Unicode through {@link MathUnicode} ({@code $\downarrow$} is ↓,
 * {@code $\mathcal{L}_{IoU}$} is 𝓛_IoU), so no legend, axis or title ever shows TeX. For a header the arrows that
 * mean "higher/lower is better" become words in the label, which a reader of a printed chart needs.
 */
public final class AxisLabels {

    private static final String HIGHER = "(higher is better)";
    private static final String LOWER = "(lower is better)";
    /** Marks that annotate a header (direction, footnotes) rather than name the quantity. */
    private static final String MARKS = "↑↓↗↘⇑⇓†‡§¶";

    private AxisLabels() {
    }

    /** The label with its direction, e.g. {@code RMSE $\downarrow$} -> {@code RMSE (lower is better)}. */
    public static String label(String header) {
        String name = name(header);
        return switch (direction(header)) {
            case 1 -> name.isEmpty() ? HIGHER : name + " " + HIGHER;
            case -1 -> name.isEmpty() ? LOWER : name + " " + LOWER;
            default -> name;
        };
    }

    /** The label without direction, for captions, e.g. {@code **RMSE** (m) ↓} -> {@code RMSE (m)}. */
    public static String name(String header) {
        String text = text(header).replace(HIGHER, "").replace(LOWER, "");
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (MARKS.indexOf(c) < 0) {
                out.append(c);
            }
        }
        return Prose.oneLine(out.toString().replace("()", " "));
    }

    /**
     * A cell as a reader of the chart sees it: Markdown read by the model, math as Unicode; an underscore written
     * outside math separates words ({@code top_1_acc} is "top 1 acc"), as it does in a file name.
     */
    public static String text(String cell) {
        StringBuilder out = new StringBuilder();
        append(MarkdownDocument.inline(cell).inlines(), out);
        String text = out.toString();
        // a TeX command written outside dollars (an arrow after "Acc") is still meant as math
        return Prose.oneLine(text.indexOf('\\') >= 0 ? MathUnicode.of(text) : text);
    }

    /** A label made by {@link #label} without its direction words. */
    public static String withoutDirection(String label) {
        return label.replace(HIGHER, "").replace(LOWER, "").strip();
    }

    /** 1 when higher is better, -1 when lower is better, 0 when the header does not say. */
    public static int direction(String header) {
        String text = text(header);
        if (text.contains("↑") || text.contains("⇑") || text.contains(HIGHER)) {
            return 1;
        }
        if (text.contains("↓") || text.contains("⇓") || text.contains(LOWER)) {
            return -1;
        }
        return 0;
    }

    private static void append(List<Inline> inlines, StringBuilder out) {
        for (Inline inline : inlines) {
            switch (inline) {
                case Inline.Text text -> out.append(text.text().replace('_', ' '));
                case Inline.Code code -> out.append(code.code().replace('_', ' '));
                case Inline.Math math -> out.append(MathUnicode.of(math.latex()));
                case Inline.Strong strong -> append(strong.children(), out);
                case Inline.Emphasis emphasis -> append(emphasis.children(), out);
                case Inline.Link link -> append(link.children(), out);
                case Inline.Image image -> out.append(image.alt());
                case Inline.Break ignored -> out.append(' ');
                case Inline.Html html -> out.append(' ');
            }
        }
    }
}
