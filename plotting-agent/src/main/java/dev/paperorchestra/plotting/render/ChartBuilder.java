package dev.paperorchestra.plotting.render;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.font.FontRenderContext;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPosition;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.CategoryLabelWidthType;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.labels.CategoryItemLabelGenerator;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.category.StatisticalBarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.text.TextBlockAnchor;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jspecify.annotations.Nullable;

/**
 * Builds the JFreeChart for a {@link ChartData} at its printed size: white background, no title (the caption
 * carries it), sans-serif type at the style's point sizes, a colour-blind-safe palette, a legend above the
 * plot only when there is more than one series. Long row labels turn the bars horizontal so the labels stay
 * level; many rows under vertical bars are slanted.
 */
public final class ChartBuilder {

    /** Okabe-Ito colours: distinguishable with the common colour-vision deficiencies and in greyscale print. */
    private static final List<Color> PALETTE = List.of(new Color(0x0072B2), new Color(0xE69F00),
            new Color(0x009E73), new Color(0xCC79A7), new Color(0xD55E00), new Color(0x56B4E9));
    private static final Color OTHER_BARS = new Color(0x9E9E9E);
    static final Color GRID = new Color(0xDDDDDD);
    static final Color TEXT = new Color(0x222222);
    /** Printing every bar's number is only readable while bars are few. */
    private static final int MAX_LABELLED_BARS = 8;
    /** Any row label longer than this turns the bars horizontal, so labels stay level and whole. */
    static final int LONG_LABEL = 18;
    /** More rows than this under vertical bars are slanted. */
    static final int MANY_CATEGORIES = 6;
    /** Share of the figure height the plot area gets, to estimate how many lines a row label may take. */
    private static final double PLOT_SHARE = 0.7;
    private static final double CATEGORY_MARGIN = 0.25;
    private static final float LABEL_WIDTH_RATIO = 1.3f;
    private static final FontRenderContext MEASURE = new FontRenderContext(null, true, true);

    private ChartBuilder() {
    }

    public static JFreeChart build(ChartData data, ChartStyle style, FigureSize size) {
        Plot plot = switch (data.kind()) {
            case BAR, GROUPED_BAR, STACKED_BAR, ERROR_BAR -> barPlot(data, style, size);
            case LINE -> linePlot(data, style, size);
            case SCATTER -> PointAndMatrixPlots.scatter(data, style, size);
            case HEATMAP -> PointAndMatrixPlots.heatmap(data, style, size);
        };
        boolean legendShown = data.series().size() > 1 && data.kind() != ChartData.Kind.HEATMAP
                && data.kind() != ChartData.Kind.SCATTER
                && data.presentation().legend() != ChartData.LegendPlacement.NONE;
        JFreeChart chart = new JFreeChart(null, null, plot, legendShown);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setBorderVisible(false);
        // room on the right for half of the last tick label, which is centred on the axis end
        chart.setPadding(new RectangleInsets(2, 2, 2, 12));
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        LegendTitle legend = chart.getLegend();
        if (legend != null) {
            legend.setItemFont(font(style.legendFontSize()));
            legend.setItemPaint(TEXT);
            legend.setBackgroundPaint(Color.WHITE);
            legend.setFrame(BlockBorder.NONE);
            legend.setPosition(switch (data.presentation().legend()) {
                case BOTTOM -> RectangleEdge.BOTTOM;
                case RIGHT -> RectangleEdge.RIGHT;
                case TOP, NONE -> RectangleEdge.TOP;
            });
            legend.setItemLabelPadding(new RectangleInsets(1, 2, 1, 6));
        }
        return chart;
    }

    /** True when the rows are drawn as horizontal bars, because a row label is too long to set under a bar. */
    public static boolean horizontal(ChartData data) {
        return data.kind().bars()
                && data.categories().stream().anyMatch(label -> label.length() > LONG_LABEL);
    }

    private static CategoryPlot barPlot(ChartData data, ChartStyle style, FigureSize size) {
        CategoryDataset dataset = categoryDataset(data);
        boolean horizontal = horizontal(data);
        CategoryAxis categories = new CategoryAxis(data.categoryLabel().isEmpty() || horizontal ? null
                : data.categoryLabel());
        styleAxis(categories, style);
        if (highlightedRow(data) >= 0) {
            categories.setTickLabelFont(data.categories().get(highlightedRow(data)),
                    font(style.tickFontSize()).deriveFont(Font.BOLD));
        }
        categories.setCategoryMargin(CATEGORY_MARGIN);
        categories.setLowerMargin(0.02);
        categories.setUpperMargin(0.02);
        if (horizontal) {
            double band = size.heightPoints() * PLOT_SHARE / data.categories().size();
            categories.setMaximumCategoryLabelLines((int) Math.max(1, Math.min(3,
                    Math.floor(band / (style.tickFontSize() * 1.2)))));
            categories.setMaximumCategoryLabelWidthRatio(0.45f);
        } else {
            categories.setMaximumCategoryLabelLines(2);
            // labels may use the gap between bar groups too, not only the groups' own width
            categories.setCategoryLabelPositions(CategoryLabelPositions.replaceBottomPosition(
                    CategoryLabelPositions.STANDARD, new CategoryLabelPosition(RectangleAnchor.TOP,
                            TextBlockAnchor.TOP_CENTER, CategoryLabelWidthType.CATEGORY, LABEL_WIDTH_RATIO)));
            if (style.rotateCategoryLabels() || data.categories().size() > MANY_CATEGORIES
                    || longestWord(data.categories(), style.tickFontSize()) > categoryBand(data, size)) {
                // a word wider than its bar group would otherwise be broken in the middle
                categories.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
            }
        }
        double valueAxisRoom = horizontal ? size.widthPoints() * 0.5 : plotHeight(data, style, size);
        ValueAxis values = valueAxis(fitting(data.valueLabel(), style.axisLabelFontSize(), valueAxisRoom), data,
                true);
        styleAxis(values, style);
        values.setUpperMargin(data.barCount() <= MAX_LABELLED_BARS ? 0.15 : 0.05);
        BarRenderer renderer = barRenderer(data);
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setDrawBarOutline(false);
        renderer.setItemMargin(0.04);
        for (int i = 0; i < data.series().size(); i++) {
            renderer.setSeriesPaint(i, colour(i));
        }
        if (data.barCount() <= MAX_LABELLED_BARS && data.kind() != ChartData.Kind.STACKED_BAR) {
            // the numbers exactly as logged, not as the renderer would format them
            renderer.setDefaultItemLabelGenerator(new LoggedDigits(data));
            renderer.setDefaultItemLabelsVisible(true);
            renderer.setDefaultItemLabelFont(font(style.valueLabelFontSize()));
            renderer.setDefaultItemLabelPaint(TEXT);
            renderer.setDefaultPositiveItemLabelPosition(horizontal
                    ? new ItemLabelPosition(ItemLabelAnchor.OUTSIDE3, TextAnchor.CENTER_LEFT)
                    : new ItemLabelPosition(ItemLabelAnchor.OUTSIDE12, TextAnchor.BOTTOM_CENTER));
        }
        CategoryPlot plot = new CategoryPlot(dataset, categories, values, renderer);
        plot.setOrientation(horizontal ? PlotOrientation.HORIZONTAL : PlotOrientation.VERTICAL);
        plot.setRangeAxisLocation(AxisLocation.BOTTOM_OR_LEFT);
        stylePlotArea(plot);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinePaint(GRID);
        return plot;
    }

    private static XYPlot linePlot(ChartData data, ChartStyle style, FigureSize size) {
        XYSeriesCollection dataset = new XYSeriesCollection();
        for (ChartData.Series series : data.series()) {
            XYSeries line = new XYSeries(series.label(), false, true);
            for (int row = 0; row < data.xValues().size(); row++) {
                line.add(data.xValues().get(row), series.values().get(row));
            }
            dataset.addSeries(line);
        }
        ValueAxis x = xAxis(data, style);
        ValueAxis y = valueAxis(fitting(data.valueLabel(), style.axisLabelFontSize(),
                plotHeight(data, style, size)), data, false);
        styleAxis(y, style);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        Shape circle = new Ellipse2D.Double(-2.5, -2.5, 5, 5);
        Shape square = new Rectangle2D.Double(-2.5, -2.5, 5, 5);
        for (int i = 0; i < data.series().size(); i++) {
            renderer.setSeriesPaint(i, colour(i));
            boolean highlighted = data.series().get(i).name().equals(data.presentation().highlight());
            // the proposed method's line is drawn heavier so it stands out in greyscale too
            renderer.setSeriesStroke(i, new BasicStroke(highlighted ? 2.6f : 1.3f));
            // alternating markers keep neighbouring lines apart in greyscale
            renderer.setSeriesShape(i, i % 2 == 0 ? circle : square);
        }
        XYPlot plot = new XYPlot(dataset, x, y, renderer);
        stylePlotArea(plot);
        plot.setDomainGridlinePaint(GRID);
        plot.setRangeGridlinePaint(GRID);
        return plot;
    }

    private static CategoryDataset categoryDataset(ChartData data) {
        if (data.kind() == ChartData.Kind.ERROR_BAR) {
            DefaultStatisticalCategoryDataset dataset = new DefaultStatisticalCategoryDataset();
            for (ChartData.Series series : data.series()) {
                for (int row = 0; row < data.categories().size(); row++) {
                    dataset.add(series.values().get(row), series.errors().get(row), series.label(),
                            data.categories().get(row));
                }
            }
            return dataset;
        }
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        for (ChartData.Series series : data.series()) {
            for (int row = 0; row < data.categories().size(); row++) {
                dataset.addValue(series.values().get(row), series.label(), data.categories().get(row));
            }
        }
        return dataset;
    }

    private static BarRenderer barRenderer(ChartData data) {
        int highlighted = highlightedRow(data);
        return switch (data.kind()) {
            case STACKED_BAR -> new StackedBarRenderer();
            case ERROR_BAR -> {
                StatisticalBarRenderer statistical = new StatisticalBarRenderer();
                statistical.setErrorIndicatorPaint(TEXT);
                yield statistical;
            }
            default -> data.series().size() == 1 && highlighted >= 0 ? new HighlightingBars(highlighted)
                    : new BarRenderer();
        };
    }

    /** The row of the proposed method, or -1 when none is highlighted. */
    static int highlightedRow(ChartData data) {
        @Nullable String highlight = data.presentation().highlight();
        return highlight == null ? -1 : data.categories().indexOf(highlight);
    }

    /** A log axis when the spec asks for one and every value is positive, else a linear one. */
    static ValueAxis valueAxis(@Nullable String label, ChartData data, boolean fromZero) {
        boolean positive = data.series().stream().flatMap(s -> s.values().stream()).allMatch(v -> v > 0);
        if (data.presentation().logScale() && positive && data.kind() != ChartData.Kind.STACKED_BAR) {
            return logAxis(label);
        }
        NumberAxis linear = new NumberAxis(label);
        linear.setAutoRangeIncludesZero(fromZero);
        return linear;
    }

    static ValueAxis xAxis(ChartData data, ChartStyle style) {
        String label = data.categoryLabel().isEmpty() ? null : data.categoryLabel();
        double min = data.xValues().stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max = data.xValues().stream().mapToDouble(Double::doubleValue).max().orElse(0);
        ValueAxis axis;
        if (min > 0 && max / min >= 100) {
            // sizes, budgets and step counts that grow by factors read better on a log scale
            axis = logAxis(label);
        } else {
            NumberAxis linear = new NumberAxis(label);
            linear.setAutoRangeIncludesZero(false);
            axis = linear;
        }
        axis.setLowerMargin(0.04);
        axis.setUpperMargin(0.04);
        styleAxis(axis, style);
        return axis;
    }

    private static LogAxis logAxis(@Nullable String label) {
        LogAxis log = new LogAxis(label);
        log.setBase(10);
        log.setNumberFormatOverride(new DecimalFormat("#,##0.###"));
        // ticks at whole powers of ten only; half decades (31.623) mean nothing to a reader
        log.setTickUnit(new NumberTickUnit(1.0));
        return log;
    }

    static void styleAxis(Axis axis, ChartStyle style) {
        axis.setLabelFont(font(style.axisLabelFontSize()));
        axis.setTickLabelFont(font(style.tickFontSize()));
        axis.setLabelPaint(TEXT);
        axis.setTickLabelPaint(TEXT);
        axis.setAxisLinePaint(TEXT);
        axis.setTickMarkPaint(TEXT);
    }

    static void stylePlotArea(Plot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlineVisible(false);
        plot.setInsets(new RectangleInsets(4, 2, 2, 2));
    }

    /**
     * The label if it fits beside its axis, else the label without its "(lower is better)", else none (the
     * caption names the quantity).
     */
    static @Nullable String fitting(String label, float fontSize, double room) {
        for (String candidate : List.of(label, AxisLabels.withoutDirection(label))) {
            if (!candidate.isEmpty() && textWidth(candidate, fontSize) <= room) {
                return candidate;
            }
        }
        return null;
    }

    /** Rough height of the plot area: the figure less the legend above and the category axis below. */
    static double plotHeight(ChartData data, ChartStyle style, FigureSize size) {
        return size.heightPoints() - legendHeight(data, style, size) - style.tickFontSize() * 1.6
                - style.axisLabelFontSize() * 1.8 - 12;
    }

    private static double legendHeight(ChartData data, ChartStyle style, FigureSize size) {
        if (data.series().size() < 2) {
            return 0;
        }
        int rows = 1;
        double row = 0;
        for (ChartData.Series series : data.series()) {
            double item = textWidth(series.label(), style.legendFontSize()) + style.legendFontSize() * 2;
            if (row > 0 && row + item > size.widthPoints() - 8) {
                rows++;
                row = 0;
            }
            row += item;
        }
        return rows * style.legendFontSize() * 1.6;
    }

    /** Rough width a label under one row's group of vertical bars may take. */
    private static double categoryBand(ChartData data, FigureSize size) {
        return (size.widthPoints() - 60) * (1 - CATEGORY_MARGIN) / data.categories().size() * LABEL_WIDTH_RATIO;
    }

    private static double longestWord(List<String> labels, float fontSize) {
        return labels.stream().flatMap(label -> java.util.Arrays.stream(label.split("\\s+")))
                .mapToDouble(word -> textWidth(word, fontSize)).max().orElse(0);
    }

    static double textWidth(String text, float fontSize) {
        return font(fontSize).getStringBounds(text, MEASURE).getWidth();
    }

    static Font font(float size) {
        return new Font(Font.SANS_SERIF, Font.PLAIN, 10).deriveFont(size);
    }

    static Paint colour(int index) {
        return PALETTE.get(index % PALETTE.size());
    }

    /** A bar renderer that outlines the highlighted row's bars; drawing is otherwise the wrapped one's. */
    private static final class HighlightingBars extends BarRenderer {

        private final int highlighted;

        HighlightingBars(int highlighted) {
            this.highlighted = highlighted;
        }

        @Override
        public Paint getItemPaint(int row, int column) {
            // one series: the proposed method in the first colour, the others in a neutral grey
            return column == highlighted ? colour(0) : OTHER_BARS;
        }
    }

    /** Bar labels showing each cell's number as the log wrote it. */
    private record LoggedDigits(ChartData data) implements CategoryItemLabelGenerator {

        @Override
        public String generateRowLabel(CategoryDataset dataset, int row) {
            return data.series().get(row).label();
        }

        @Override
        public String generateColumnLabel(CategoryDataset dataset, int column) {
            return data.categories().get(column);
        }

        @Override
        public String generateLabel(CategoryDataset dataset, int row, int column) {
            return data.series().get(row).digits().get(column);
        }
    }
}
