package dev.paperorchestra.plotting.spec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.plotting.Fixtures;
import dev.paperorchestra.plotting.render.ChartData;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecResolverTest {

    private static final SpecTables TABLES = SpecTables.of(Fixtures.tables());
    private static final List<String> METHODS = List.of("BTS", "AdaBins", "Ours");
    private static final ChartSpec.Column RMSE = new ChartSpec.Column("RMSE (m)", List.of(0.392, 0.364, 0.329));

    private static ChartSpec spec(ChartData.Kind kind, String xColumn, String order, ChartSpec.Column... columns) {
        return new ChartSpec(kind, "T1", METHODS, xColumn, List.of(columns), "", false, order, "Ours",
                ChartData.LegendPlacement.TOP, "", "shows the trade-off");
    }

    @Test
    void lists_only_tables_with_quantities_and_their_plain_column_names() {
        assertThat(TABLES.entries()).extracting(SpecTables.Entry::id).containsExactly("T1", "T2");
        assertThat(TABLES.entries().getFirst().columns()).containsExactly("AbsRel", "RMSE (m)", "δ1", "Params (M)");
    }

    @Test
    void rejects_error_bars_over_cells_without_a_logged_spread() {
        assertThat(SpecResolver.resolve(spec(ChartData.Kind.ERROR_BAR, "", "table", RMSE), TABLES))
                .isInstanceOfSatisfying(SpecResolver.Rejected.class,
                        rejected -> assertThat(rejected.reason()).contains("± spread"));
    }

    @Test
    void draws_a_scatter_plot_with_x_and_y_from_their_cells() {
        SpecResolver.Resolution resolution = SpecResolver.resolve(spec(ChartData.Kind.SCATTER, "Params (M)", "table",
                RMSE), TABLES);

        assertThat(resolution).isInstanceOfSatisfying(SpecResolver.Drawn.class, drawn -> {
            assertThat(drawn.data().xValues()).containsExactly(47.0, 78.0, 212.4);
            assertThat(drawn.data().series().getFirst().values()).containsExactly(0.392, 0.364, 0.329);
            assertThat(drawn.data().presentation().highlight()).isEqualTo("Ours");
        });
    }

    @Test
    void orders_rows_by_the_first_column_when_asked() {
        SpecResolver.Resolution resolution = SpecResolver.resolve(spec(ChartData.Kind.BAR, "", "ascending", RMSE),
                TABLES);

        assertThat(resolution).isInstanceOfSatisfying(SpecResolver.Drawn.class, drawn -> {
            assertThat(drawn.data().categories()).containsExactly("Ours", "AdaBins", "BTS");
            assertThat(drawn.data().series().getFirst().digits()).containsExactly("0.329", "0.364", "0.392");
        });
    }
}
