package dev.paperorchestra.writer.sections;

import dev.paperorchestra.content.materials.FigureNames;
import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.schemas.Figure;

/** One figure as a float of its own, with the file name exactly as rendered. */
final class FigureFloat {

    /** Wider than this (width / height) and a two-column paper gives the figure both columns. */
    private static final double WIDE = 2.0;
    /** The share of the text height a figure of a one-column paper may take. */
    static final String ONE_COLUMN_HEIGHT = "0.33";

    private FigureFloat() {
    }

    static String render(Figure figure, String label, boolean twoColumn) {
        double aspect = aspect(figure.getAspectRatio());
        String environment = twoColumn && aspect > WIDE ? "figure*" : "figure";
        // a tall figure at full width would overflow the page; keep its height to a share of the text. A single
        // column is about twice a column's width: a chart at its full width is over half a page tall, goes on a
        // page of its own and pushes the main text past the limit, so there its height is held to a third
        String size = aspect < 1 ? "width=\\linewidth,height=0.4\\textheight,keepaspectratio"
                : twoColumn ? "width=\\linewidth" : "width=\\linewidth,height=" + ONE_COLUMN_HEIGHT
                        + "\\textheight,keepaspectratio";
        return "\\begin{" + environment + "}[t]\n"
                + "\\centering\n"
                + "\\includegraphics[" + size + "]{figures/" + FigureNames.requireSafe(figure.getFileName()) + "}\n"
                + "\\caption{" + LatexText.text(caption(figure)) + "}\n"
                + "\\label{" + label + "}\n"
                + "\\end{" + environment + "}\n";
    }

    /** The caption without the log's dates or a note on where its numbers came from; the title when blank. */
    private static String caption(Figure figure) {
        String caption = LogCaptions.clean(figure.getCaption());
        return caption.isBlank() ? LogCaptions.clean(figure.getTitle()) : caption;
    }

    /** Width over height of a ratio such as {@code 16:9}; 1 when it cannot be read. */
    static double aspect(String ratio) {
        String[] parts = ratio.strip().split(":");
        try {
            double width = Double.parseDouble(parts[0].strip());
            double height = parts.length == 2 ? Double.parseDouble(parts[1].strip()) : 0;
            return width > 0 && height > 0 ? width / height : 1;
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
