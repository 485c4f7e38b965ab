package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AxisLabelsTest {

    @Test
    void turns_arrows_into_words() {
        assertThat(AxisLabels.label("RMSE (m) ↓")).isEqualTo("RMSE (m) (lower is better)");
        assertThat(AxisLabels.label("δ1 ↑")).isEqualTo("δ1 (higher is better)");
        assertThat(AxisLabels.label("Acc $\\uparrow$")).isEqualTo("Acc (higher is better)");
    }

    @Test
    void removes_markdown_latex_and_footnote_marks() {
        assertThat(AxisLabels.name("**RMSE**† (m) ↓")).isEqualTo("RMSE (m)");
        assertThat(AxisLabels.name("$\\delta_1$")).isEqualTo("δ₁");
        assertThat(AxisLabels.name("`top_1_acc`")).isEqualTo("top 1 acc");
    }

    @Test
    void reads_a_bold_header_cell_with_its_arrow_as_math() {
        assertThat(AxisLabels.label("**AbsRel $\\downarrow$**")).isEqualTo("AbsRel (lower is better)");
        assertThat(AxisLabels.direction("**$\\delta_1$ $\\uparrow$**")).isEqualTo(1);
        assertThat(AxisLabels.name("__RMSE (m)__ $\\downarrow$")).isEqualTo("RMSE (m)");
    }

    @Test
    void prints_math_as_unicode_never_as_tex() {
        assertThat(AxisLabels.text("$\\mathcal{L}_{\\mathrm{IoU}}$ only")).isEqualTo("𝓛_IoU only");
        assertThat(AxisLabels.name("**$\\mathcal{L}_{IoU}$ weight $\\lambda$**")).isEqualTo("𝓛_IoU weight λ");
        assertThat(AxisLabels.text("Acc \\uparrow")).isEqualTo("Acc ↑");
    }

    @Test
    void leaves_a_plain_header_alone() {
        assertThat(AxisLabels.label("Params (M)")).isEqualTo("Params (M)");
        assertThat(AxisLabels.direction("Params (M)")).isZero();
    }
}
