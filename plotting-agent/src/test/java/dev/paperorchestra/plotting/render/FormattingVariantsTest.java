package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.plotting.Fixtures;
import dev.paperorchestra.plotting.planning.PlannedFigure;
import java.text.Normalizer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The same log written the ways people write GFM gives the same charts, number for number and label for label. */
class FormattingVariantsTest {

    /** {@link Fixtures#LOG} with setext headings, tables without outer pipes, bold math headers and CRLF line ends. */
    private static final String VARIANT = """
            Experimental log
            ================

            Results
            -------

            **Depth accuracy on NYU Depth v2**

            Method | **AbsRel $\\\\downarrow$** | **RMSE (m) $\\\\downarrow$** | **$\\\\delta_1$ $\\\\uparrow$** | Params (M)
            :--- | ---: | ---: | ---: | ---:
            BTS | 0.110 | 0.392 | 0.885 | 47.0
            AdaBins | 0.103 | 0.364 | 0.903 | 78.0
            **Ours** | **0.094** | **0.329** | **0.925** | 212.4

            ### RMSE (m) as a function of the number of sparse measurements

            |Points|Baseline|Ours|
            |-|-|-|
            |5|0.612|0.262|
            |50|0.331|0.152|
            |500|0.204|0.091|
            """.replace("\\n", "\\r\\n");

    private static final List<PlannedFigure> FIGURES = List.of(
            Fixtures.plot("Depth accuracy on NYU Depth v2", "", "16:9"),
            Fixtures.plot("RMSE (m) as a function of the number of sparse measurements", "", "4:3"));

    @Test
    void a_formatting_variant_of_the_log_gives_the_same_charts() {
        List<SourceTable> original = Fixtures.tables();
        List<SourceTable> variant = SourceTable.parse(VARIANT, SourceTable.Source.LOG);

        for (PlannedFigure figure : FIGURES) {
            ChartData expected = chart(figure, original);
            ChartData actual = chart(figure, variant);

            assertThat(actual.kind()).isEqualTo(expected.kind());
            assertThat(actual.categories()).isEqualTo(expected.categories());
            assertThat(actual.xValues()).isEqualTo(expected.xValues());
            assertThat(actual.categoryLabel()).isEqualTo(expected.categoryLabel());
            // $\\delta_1$ prints as δ₁ where the original wrote δ1: the same label up to Unicode compatibility
            assertThat(actual.series()).extracting(series -> folded(series.label()))
                    .isEqualTo(expected.series().stream().map(series -> folded(series.label())).toList());
            assertThat(actual.plottedDigits()).isEqualTo(expected.plottedDigits());
        }
    }

    private static String folded(String label) {
        return Normalizer.normalize(label, Normalizer.Form.NFKC);
    }

    private static ChartData chart(PlannedFigure figure, List<SourceTable> tables) {
        TableFinder.Found found = (TableFinder.Found) TableFinder.find(figure, tables);
        return ChartPlanner.plan(withObjective(figure, found.table()), found.table());
    }

    /** The figure as the outline plans it: its objective names the table's columns as a reader sees them. */
    private static PlannedFigure withObjective(PlannedFigure figure, SourceTable table) {
        List<String> headers = table.table().header().stream().skip(1).map(AxisLabels::text).toList();
        return Fixtures.plot(figure.title(), "Grouped bar chart of " + String.join(", ", headers) + " for each row",
                figure.aspectRatio());
    }
}
