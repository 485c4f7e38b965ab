package dev.paperorchestra.plotting.render;

/**
 * Type sizes in points at print size and label layout. The standard style keeps every text at 9 pt or more.
 *
 * @param tickFontSize         tick and category labels
 * @param axisLabelFontSize    axis titles
 * @param legendFontSize       legend entries
 * @param valueLabelFontSize   numbers printed on bars
 * @param rotateCategoryLabels slant category labels whatever their number and length
 */
public record ChartStyle(float tickFontSize, float axisLabelFontSize, float legendFontSize, float valueLabelFontSize,
        boolean rotateCategoryLabels) {

    public static final float MIN_FONT_SIZE = 9f;
    /** Figures narrower than this (one column of a two-column page) get the compact sizes. */
    static final double NARROW_INCHES = 4.0;

    public ChartStyle {
        if (Math.min(Math.min(tickFontSize, axisLabelFontSize), Math.min(legendFontSize, valueLabelFontSize))
                < MIN_FONT_SIZE) {
            throw new IllegalArgumentException("chart text below " + MIN_FONT_SIZE + " pt is not legible in print");
        }
    }

    public static ChartStyle standard() {
        return new ChartStyle(10f, 11f, 10f, 9f, false);
    }

    /** For a figure in one narrow column: the smallest legible sizes, leaving room for the data. */
    public static ChartStyle compact() {
        return new ChartStyle(9f, 10f, 9f, 9f, false);
    }

    /** The starting style for a figure of this printed width. */
    public static ChartStyle forWidth(double widthInches) {
        return widthInches < NARROW_INCHES ? compact() : standard();
    }
}
