package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.plotting.Fixtures;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.NumericCell;
import java.awt.Color;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;

class ChartBuilderTest {

    private static final FigureSize SIZE = new FigureSize(6.0, 4.5);

    @Test
    void bar_heights_are_the_numbers_of_the_table() {
        SourceTable source = Fixtures.table(0);
        ChartData data = ChartPlanner.plan(Fixtures.plot("Depth accuracy on NYU Depth v2", "", "4:3"), source);

        CategoryDataset dataset = ChartBuilder.build(data, ChartStyle.standard(), SIZE).getCategoryPlot().getDataset();

        MarkdownTable table = source.table();
        assertThat(dataset.getRowCount()).isEqualTo(data.series().size());
        assertThat(dataset.getColumnKeys()).containsExactly("BTS", "AdaBins", "Ours");
        for (int s = 0; s < data.series().size(); s++) {
            int column = data.series().get(s).column();
            for (int row = 0; row < table.rows().size(); row++) {
                double logged = table.number(row, column).map(NumericCell::value).orElseThrow();
                assertThat(dataset.getValue(s, row).doubleValue()).isEqualTo(logged);
            }
        }
        assertThat(dataset.getValue(0, 2).doubleValue()).isEqualTo(0.094);
    }

    @Test
    void line_points_are_the_row_labels_and_cells_of_the_table() {
        SourceTable source = Fixtures.table(1);
        ChartData data = ChartPlanner.plan(Fixtures.plot("Sparsity", "", "4:3"), source);

        XYDataset dataset = ChartBuilder.build(data, ChartStyle.standard(), SIZE).getXYPlot().getDataset();

        assertThat(dataset.getSeriesCount()).isEqualTo(2);
        assertThat(List.of(dataset.getXValue(1, 0), dataset.getXValue(1, 1), dataset.getXValue(1, 2)))
                .containsExactly(5.0, 50.0, 500.0);
        assertThat(List.of(dataset.getYValue(1, 0), dataset.getYValue(1, 1), dataset.getYValue(1, 2)))
                .containsExactly(0.262, 0.152, 0.091);
        assertThat(dataset.getSeriesKey(1)).isEqualTo("Ours");
    }

    @Test
    void has_no_title_and_a_white_background() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("Depth accuracy on NYU Depth v2", "", "4:3"),
                Fixtures.table(0));

        JFreeChart chart = ChartBuilder.build(data, ChartStyle.standard(), SIZE);

        assertThat(chart.getTitle()).isNull();
        assertThat(chart.getBackgroundPaint()).isEqualTo(Color.WHITE);
        assertThat(chart.getPlot().getBackgroundPaint()).isEqualTo(Color.WHITE);
    }

    @Test
    void every_text_is_at_least_nine_points() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("Depth accuracy on NYU Depth v2", "", "4:3"),
                Fixtures.table(0));

        JFreeChart chart = ChartBuilder.build(data, ChartStyle.compact(), SIZE);

        CategoryPlot plot = chart.getCategoryPlot();
        assertThat(List.of(plot.getDomainAxis().getTickLabelFont(), plot.getDomainAxis().getLabelFont(),
                plot.getRangeAxis().getTickLabelFont(), plot.getRangeAxis().getLabelFont(),
                chart.getLegend().getItemFont()))
                .allSatisfy(font -> assertThat(font.getSize2D()).isGreaterThanOrEqualTo(9f));
    }

    @Test
    void a_single_series_has_no_legend_and_its_metric_on_the_axis() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("Depth accuracy on NYU Depth v2", "RMSE", "4:3"),
                Fixtures.table(0));

        JFreeChart chart = ChartBuilder.build(data, ChartStyle.standard(), SIZE);

        assertThat(chart.getLegend()).isNull();
        assertThat(chart.getCategoryPlot().getRangeAxis().getLabel()).isEqualTo("RMSE (m) (lower is better)");
    }

    @Test
    void rows_with_long_labels_become_horizontal_bars() {
        SourceTable ablation = SourceTable.parse("""
                ### Ablation
                | Variant | Acc ↑ |
                |---|---|
                | Measurements as an input channel instead of tokens | 0.27 |
                | Full model | 0.19 |
                """, SourceTable.Source.LOG).getFirst();
        ChartData data = ChartPlanner.plan(Fixtures.plot("Ablation", "", "4:3"), ablation);

        assertThat(ChartBuilder.build(data, ChartStyle.standard(), SIZE).getCategoryPlot().getOrientation())
                .isEqualTo(org.jfree.chart.plot.PlotOrientation.HORIZONTAL);
    }
}
