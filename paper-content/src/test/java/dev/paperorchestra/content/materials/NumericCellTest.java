package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NumericCellTest {

    @Test
    void reads_a_plain_decimal_keeping_its_digits() {
        assertThat(NumericCell.parse("43.430")).hasValueSatisfying(cell -> {
            assertThat(cell.value()).isEqualTo(43.43);
            assertThat(cell.digits()).isEqualTo("43.430");
        });
    }

    @Test
    void reads_a_bold_best_value() {
        assertThat(NumericCell.parse("**81.7**")).hasValueSatisfying(cell -> assertThat(cell.value()).isEqualTo(81.7));
    }

    @Test
    void reads_mean_and_spread_around_plus_minus() {
        assertThat(NumericCell.parse("71.2 ± 0.4")).hasValueSatisfying(cell -> {
            assertThat(cell.value()).isEqualTo(71.2);
            assertThat(cell.spread()).isEqualTo(0.4);
        });
    }

    @Test
    void reads_a_percentage() {
        assertThat(NumericCell.parse("12.5%")).hasValueSatisfying(cell -> {
            assertThat(cell.value()).isEqualTo(12.5);
            assertThat(cell.percent()).isTrue();
        });
    }

    @Test
    void reads_math_mode_daggers_and_thousands_separators() {
        assertThat(NumericCell.parse("$0.93$")).hasValueSatisfying(cell -> assertThat(cell.value()).isEqualTo(0.93));
        assertThat(NumericCell.parse("43.43†")).hasValueSatisfying(cell -> assertThat(cell.value()).isEqualTo(43.43));
        assertThat(NumericCell.parse("1,024")).hasValueSatisfying(cell -> assertThat(cell.digits()).isEqualTo("1024"));
    }

    @Test
    void rejects_text_cells_and_dashes() {
        assertThat(NumericCell.parse("AdaBins")).isEmpty();
        assertThat(NumericCell.parse("-")).isEmpty();
        assertThat(NumericCell.parse("3 layers of attention")).isEmpty();
    }

    @Test
    void reads_numbers_under_latex_decorations_and_arrows() {
        assertThat(NumericCell.parse("$43.43^\\dagger$")).hasValueSatisfying(cell ->
                assertThat(cell.digits()).isEqualTo("43.43"));
        assertThat(NumericCell.parse("\\textbf{38.91}")).hasValueSatisfying(cell ->
                assertThat(cell.value()).isEqualTo(38.91));
        assertThat(NumericCell.parse("↑ 81.7")).hasValueSatisfying(cell -> assertThat(cell.value()).isEqualTo(81.7));
        assertThat(NumericCell.parse("**71.2 ± 0.4**%")).hasValueSatisfying(cell -> {
            assertThat(cell.spread()).isEqualTo(0.4);
            assertThat(cell.percent()).isTrue();
        });
        assertThat(NumericCell.parse("$85.6 \\pm 0.4$ \\ddagger")).hasValueSatisfying(cell ->
                assertThat(cell.spread()).isEqualTo(0.4));
    }
}
