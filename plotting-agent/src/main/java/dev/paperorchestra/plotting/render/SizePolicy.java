package dev.paperorchestra.plotting.render;

/**
 * How wide figures are printed. A figure is drawn at the width it will be printed at, so its type keeps its
 * point size on paper (a 6-inch chart squeezed into a 3.3-inch column would lose almost half). In a
 * two-column layout a chart goes into one column unless it is too wide or too busy for one; then it is drawn
 * at full width to span both columns.
 *
 * @param widthInches       width in a single-column layout, and of a figure spanning both columns
 * @param columnWidthInches width of a figure in one column of a two-column layout
 * @param maxHeightInches   tallest figure; taller ratios are narrowed to fit
 */
public record SizePolicy(double widthInches, double columnWidthInches, double maxHeightInches) {

    /** Ratios at least this wide (21:9, 4:1) are too flat for one column. */
    public static final double WIDE_RATIO = 2.3;
    /** More bars than this do not fit one column at legible type sizes. */
    static final int MAX_COLUMN_BARS = 16;
    /** More rows than this do not fit one column. */
    static final int MAX_COLUMN_ROWS = 8;
    /** More lines than this make a legend taller than one column's chart. */
    static final int MAX_COLUMN_LINES = 4;
    /** More heatmap columns than this do not fit one column with their numbers printed. */
    static final int MAX_HEATMAP_COLUMNS_IN_COLUMN = 4;

    public FigureSize sizeFor(AspectRatio ratio, boolean twoColumn, ChartData data) {
        boolean oneColumn = twoColumn && ratio.value() < WIDE_RATIO && fitsOneColumn(data);
        return FigureSize.of(ratio, oneColumn ? columnWidthInches : widthInches, maxHeightInches);
    }

    /** A diagram's size: one column of a two-column page unless its ratio is too wide for one. */
    public FigureSize sizeForDiagram(AspectRatio ratio, boolean twoColumn) {
        boolean oneColumn = twoColumn && ratio.value() < WIDE_RATIO;
        return FigureSize.of(ratio, oneColumn ? columnWidthInches : widthInches, maxHeightInches);
    }

    static boolean fitsOneColumn(ChartData data) {
        return switch (data.kind()) {
            case BAR, GROUPED_BAR, STACKED_BAR, ERROR_BAR -> data.barCount() <= MAX_COLUMN_BARS
                    && data.categories().size() <= MAX_COLUMN_ROWS && !ChartBuilder.horizontal(data);
            case LINE -> data.series().size() <= MAX_COLUMN_LINES;
            case SCATTER -> data.categories().size() <= MAX_COLUMN_ROWS;
            case HEATMAP -> data.series().size() <= MAX_HEATMAP_COLUMNS_IN_COLUMN
                    && data.categories().size() <= MAX_COLUMN_ROWS;
        };
    }
}
