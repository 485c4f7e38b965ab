package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.plotting.Fixtures;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.data.statistics.StatisticalCategoryDataset;
import org.jfree.data.xy.XYZDataset;
import org.junit.jupiter.api.Test;

class ChartKindsTest {

    private static final FigureSize SIZE = new FigureSize(6.0, 4.5);

    private static final String LOG = """
            ### Accuracy with spread

            | Method | Site A ↑ | Site B ↑ |
            |---|---|---|
            | Base | 0.612 ± 0.031 | 0.574 ± 0.036 |
            | Ours | 0.812 ± 0.014 | 0.781 ± 0.016 |

            ### Share of clips by condition

            | Site | Rain (%) | Quiet (%) |
            |---|---|---|
            | North | 12.4% | 87.6% |
            | South | 40.0% | 60.0% |

            ### Confusion between species

            | True species | Hyla | Rana |
            |---|---|---|
            | Hyla | 91.0% | 9.0% |
            | Rana | 7.5% | 92.5% |
            """;

    private static ChartData plan(int table) {
        List<SourceTable> tables = SourceTable.parse(LOG, SourceTable.Source.LOG);
        return ChartPlanner.plan(Fixtures.plot(tables.get(table).caption(), "", "4:3"), tables.get(table));
    }

    @Test
    void cells_with_a_logged_spread_are_drawn_as_error_bars_of_that_spread() {
        ChartData data = plan(0);

        JFreeChart chart = ChartBuilder.build(data, ChartStyle.standard(), SIZE);

        assertThat(data.kind()).isEqualTo(ChartData.Kind.ERROR_BAR);
        StatisticalCategoryDataset dataset = (StatisticalCategoryDataset) chart.getCategoryPlot().getDataset();
        assertThat(dataset.getMeanValue(0, 1).doubleValue()).isEqualTo(0.812);
        assertThat(dataset.getStdDevValue(0, 1).doubleValue()).isEqualTo(0.014);
        assertThat(dataset.getStdDevValue(1, 0).doubleValue()).isEqualTo(0.036);
    }

    @Test
    void percentages_adding_up_to_a_hundred_are_stacked() {
        ChartData data = plan(1);

        CategoryPlot plot = ChartBuilder.build(data, ChartStyle.standard(), SIZE).getCategoryPlot();

        assertThat(data.kind()).isEqualTo(ChartData.Kind.STACKED_BAR);
        assertThat(plot.getRenderer()).isInstanceOf(StackedBarRenderer.class);
        assertThat(plot.getDataset().getValue(1, 1).doubleValue()).isEqualTo(60.0);
    }

    @Test
    void a_matrix_whose_columns_are_its_rows_is_a_heatmap_of_its_cells() {
        ChartData data = plan(2);

        XYPlot plot = ChartBuilder.build(data, ChartStyle.standard(), SIZE).getXYPlot();

        assertThat(data.kind()).isEqualTo(ChartData.Kind.HEATMAP);
        XYZDataset cells = (XYZDataset) plot.getDataset();
        assertThat(cells.getItemCount(0)).isEqualTo(4);
        List<Double> values = new java.util.ArrayList<>();
        for (int item = 0; item < 4; item++) {
            values.add(cells.getZValue(0, item));
        }
        assertThat(values).containsExactlyInAnyOrder(91.0, 9.0, 7.5, 92.5);
        // every cell is labelled with its logged number
        assertThat(plot.getAnnotations()).hasSize(4);
    }

    @Test
    void a_log_scale_in_the_presentation_gives_a_log_value_axis() {
        ChartData plain = plan(0);
        ChartData logScaled = new ChartData(ChartData.Kind.GROUPED_BAR, plain.categoryLabel(), plain.valueLabel(),
                plain.categories(), plain.xValues(), plain.series(), plain.source(),
                new ChartData.Presentation(true, "Ours", ChartData.LegendPlacement.BOTTOM));

        CategoryPlot plot = ChartBuilder.build(logScaled, ChartStyle.standard(), SIZE).getCategoryPlot();

        assertThat(plot.getRangeAxis()).isInstanceOf(LogAxis.class);
    }
}
