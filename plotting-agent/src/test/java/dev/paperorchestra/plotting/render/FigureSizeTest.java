package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.paperorchestra.plotting.Fixtures;
import org.junit.jupiter.api.Test;

class FigureSizeTest {

    private static final SizePolicy SIZES = new SizePolicy(6.0, 3.3, 8.0);

    @Test
    void height_follows_the_ratio_at_the_configured_width() {
        FigureSize size = FigureSize.of(new AspectRatio(16, 9), 6.0, 8.0);

        assertThat(size.heightInches()).isCloseTo(3.375, within(1e-9));
        assertThat(size.widthPoints()).isCloseTo(432.0, within(1e-9));
        assertThat(size.heightPoints()).isCloseTo(243.0, within(1e-9));
        assertThat(size.widthPixels(200)).isEqualTo(1200);
        assertThat(size.heightPixels(200)).isEqualTo(675);
    }

    @Test
    void a_tall_ratio_is_narrowed_to_the_maximum_height() {
        FigureSize size = FigureSize.of(new AspectRatio(1, 4), 6.0, 8.0);

        assertThat(size.heightInches()).isEqualTo(8.0);
        assertThat(size.widthInches()).isEqualTo(2.0);
    }

    @Test
    void a_single_column_layout_uses_the_full_width() {
        ChartData simple = ChartPlanner.plan(Fixtures.plot("Depth accuracy on NYU Depth v2", "RMSE", "4:3"),
                Fixtures.table(0));

        assertThat(SIZES.sizeFor(new AspectRatio(4, 3), false, simple).widthInches()).isEqualTo(6.0);
    }

    @Test
    void a_simple_chart_in_a_two_column_layout_fits_one_column() {
        ChartData simple = ChartPlanner.plan(Fixtures.plot("Depth accuracy on NYU Depth v2", "RMSE", "4:3"),
                Fixtures.table(0));

        assertThat(SIZES.sizeFor(new AspectRatio(4, 3), true, simple).widthInches()).isEqualTo(3.3);
    }

    @Test
    void a_very_wide_ratio_spans_both_columns() {
        ChartData simple = ChartPlanner.plan(Fixtures.plot("Depth accuracy on NYU Depth v2", "RMSE", "21:9"),
                Fixtures.table(0));

        assertThat(SIZES.sizeFor(new AspectRatio(21, 9), true, simple).widthInches()).isEqualTo(6.0);
    }

    @Test
    void a_chart_with_long_row_labels_spans_both_columns() {
        SourceTable ablation = SourceTable.parse("""
                ### Ablation
                | Variant | Acc ↑ |
                |---|---|
                | Measurements as an input channel instead of tokens | 0.27 |
                | Full model | 0.19 |
                """, SourceTable.Source.LOG).getFirst();
        ChartData busy = ChartPlanner.plan(Fixtures.plot("Ablation", "bars", "4:3"), ablation);

        assertThat(SIZES.sizeFor(new AspectRatio(4, 3), true, busy).widthInches()).isEqualTo(6.0);
    }
}
