package dev.paperorchestra.plotting.render;

/**
 * The printed size of a figure. Java2D draws the chart in points (1/72 inch) for both renderings, so the
 * PDF and the PNG have the same layout and font sizes are print sizes.
 *
 * @param widthInches  printed width
 * @param heightInches printed height
 */
public record FigureSize(double widthInches, double heightInches) {

    public static final double POINTS_PER_INCH = 72.0;

    public FigureSize {
        if (!(widthInches > 0) || !(heightInches > 0)) {
            throw new IllegalArgumentException("figure size must be positive: " + widthInches + " x " + heightInches);
        }
    }

    /**
     * The size for a planned ratio at a given width; a tall ratio that would exceed {@code maxHeightInches}
     * is narrowed instead, keeping the ratio, so the figure still fits on a page.
     */
    public static FigureSize of(AspectRatio ratio, double widthInches, double maxHeightInches) {
        double height = widthInches / ratio.value();
        if (height <= maxHeightInches) {
            return new FigureSize(widthInches, height);
        }
        return new FigureSize(maxHeightInches * ratio.value(), maxHeightInches);
    }

    public double widthPoints() {
        return widthInches * POINTS_PER_INCH;
    }

    public double heightPoints() {
        return heightInches * POINTS_PER_INCH;
    }

    public int widthPixels(int dpi) {
        return (int) Math.round(widthInches * dpi);
    }

    public int heightPixels(int dpi) {
        return (int) Math.round(heightInches * dpi);
    }
}
