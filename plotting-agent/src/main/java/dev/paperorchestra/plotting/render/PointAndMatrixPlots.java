package dev.paperorchestra.plotting.render;

import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Ellipse2D;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.LookupPaintScale;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.DefaultXYZDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The two kinds that are not bars or lines: a scatter plot (one labelled point per row, x and y from two
 * columns) and a heatmap (rows by columns as shaded cells, each printed with its logged number, so the shade
 * is never the only way to read a value).
 */
final class PointAndMatrixPlots {

    /** Shades from light to dark: ten steps of one hue, readable in greyscale. */
    private static final int SHADES = 10;
    private static final Color LIGHT = new Color(0xF7FBFF);
    private static final Color DARK = new Color(0x08306B);
    /** Above this share of the range a cell is dark enough to need white text. */
    private static final double DARK_TEXT_LIMIT = 0.55;

    private PointAndMatrixPlots() {
    }

    /** x from the data's xValues, y from its one series; each point carries its row label. */
    static XYPlot scatter(ChartData data, ChartStyle style, FigureSize size) {
        ChartData.Series y = data.series().getFirst();
        XYSeries points = new XYSeries(y.label(), false, true);
        for (int row = 0; row < data.xValues().size(); row++) {
            points.add(data.xValues().get(row), y.values().get(row));
        }
        ValueAxis x = ChartBuilder.xAxis(data, style);
        ValueAxis values = ChartBuilder.valueAxis(ChartBuilder.fitting(data.valueLabel(), style.axisLabelFontSize(),
                ChartBuilder.plotHeight(data, style, size)), data, false);
        ChartBuilder.styleAxis(values, style);
        values.setUpperMargin(0.12);
        values.setLowerMargin(0.08);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true);
        renderer.setSeriesPaint(0, ChartBuilder.colour(0));
        renderer.setSeriesShape(0, new Ellipse2D.Double(-3.5, -3.5, 7, 7));
        XYPlot plot = new XYPlot(new XYSeriesCollection(points), x, values, renderer);
        int highlighted = ChartBuilder.highlightedRow(data);
        for (int row = 0; row < data.categories().size(); row++) {
            XYTextAnnotation label = new XYTextAnnotation(" " + data.categories().get(row),
                    data.xValues().get(row), y.values().get(row));
            label.setFont(ChartBuilder.font(style.valueLabelFontSize())
                    .deriveFont(row == highlighted ? Font.BOLD : Font.PLAIN));
            label.setPaint(ChartBuilder.TEXT);
            label.setTextAnchor(TextAnchor.BOTTOM_LEFT);
            plot.addAnnotation(label);
        }
        ChartBuilder.stylePlotArea(plot);
        plot.setDomainGridlinePaint(ChartBuilder.GRID);
        plot.setRangeGridlinePaint(ChartBuilder.GRID);
        return plot;
    }

    /** Columns along x, rows along y (first row on top), one shaded block per cell. */
    static XYPlot heatmap(ChartData data, ChartStyle style, FigureSize size) {
        int columns = data.series().size();
        int rows = data.categories().size();
        double[][] cells = new double[3][columns * rows];
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        int i = 0;
        for (int c = 0; c < columns; c++) {
            for (int r = 0; r < rows; r++) {
                double value = data.series().get(c).values().get(r);
                cells[0][i] = c;
                cells[1][i] = rows - 1 - r;
                cells[2][i] = value;
                min = Math.min(min, value);
                max = Math.max(max, value);
                i++;
            }
        }
        DefaultXYZDataset dataset = new DefaultXYZDataset();
        dataset.addSeries(data.valueLabel().isEmpty() ? "values" : data.valueLabel(), cells);
        XYBlockRenderer renderer = new XYBlockRenderer();
        renderer.setPaintScale(shades(min, max));
        String[] columnNames = data.series().stream().map(ChartData.Series::name).toArray(String[]::new);
        String[] rowNames = new String[rows];
        for (int r = 0; r < rows; r++) {
            rowNames[rows - 1 - r] = data.categories().get(r);
        }
        SymbolAxis x = new SymbolAxis(null, columnNames);
        SymbolAxis y = new SymbolAxis(data.categoryLabel().isEmpty() ? null : data.categoryLabel(), rowNames);
        for (SymbolAxis axis : new SymbolAxis[] {x, y}) {
            ChartBuilder.styleAxis(axis, style);
            axis.setGridBandsVisible(false);
            axis.setLowerMargin(0);
            axis.setUpperMargin(0);
        }
        x.setRange(-0.5, columns - 0.5);
        double band = size.widthPoints() * 0.7 / columns;
        // names wider than their column would be dropped by the axis; set them upright instead
        if (data.series().stream().anyMatch(s -> ChartBuilder.textWidth(s.name(), style.tickFontSize()) > band)) {
            x.setVerticalTickLabels(true);
        }
        y.setRange(-0.5, rows - 0.5);
        XYPlot plot = new XYPlot(dataset, x, y, renderer);
        for (int c = 0; c < columns; c++) {
            for (int r = 0; r < rows; r++) {
                double value = data.series().get(c).values().get(r);
                XYTextAnnotation label = new XYTextAnnotation(data.series().get(c).digits().get(r), c,
                        rows - 1 - r);
                label.setFont(ChartBuilder.font(style.valueLabelFontSize()));
                double share = max > min ? (value - min) / (max - min) : 0;
                label.setPaint(share > DARK_TEXT_LIMIT ? Color.WHITE : ChartBuilder.TEXT);
                plot.addAnnotation(label);
            }
        }
        ChartBuilder.stylePlotArea(plot);
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);
        return plot;
    }

    private static LookupPaintScale shades(double min, double max) {
        double upper = max > min ? max : min + 1;
        LookupPaintScale scale = new LookupPaintScale(min, upper + 1e-9, DARK);
        for (int step = 0; step < SHADES; step++) {
            double share = step / (double) (SHADES - 1);
            scale.add(min + (upper - min) * step / SHADES, blend(share));
        }
        return scale;
    }

    private static Color blend(double share) {
        return new Color((int) Math.round(LIGHT.getRed() + (DARK.getRed() - LIGHT.getRed()) * share),
                (int) Math.round(LIGHT.getGreen() + (DARK.getGreen() - LIGHT.getGreen()) * share),
                (int) Math.round(LIGHT.getBlue() + (DARK.getBlue() - LIGHT.getBlue()) * share));
    }
}
