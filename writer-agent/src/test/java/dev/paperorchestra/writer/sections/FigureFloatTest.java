package dev.paperorchestra.writer.sections;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.Figure;
import org.junit.jupiter.api.Test;

/**
 * A figure's size: in a one-column paper a 4:3 chart at the full text width is over half a page tall, so every
 * chart takes a page of its own and the main text runs pages past the limit (seen on one-column venue kits).
 */
class FigureFloatTest {

    private static Figure chart(String aspect) {
        return Figure.newBuilder().setFigureId("fig_a").setTitle("Accuracy per site").setFileName("fig_a.pdf")
                .setCaption("Accuracy per site.").setAspectRatio(aspect).build();
    }

    @Test
    void a_one_column_chart_is_held_to_a_third_of_the_text_height() {
        String tex = FigureFloat.render(chart("4:3"), "fig:a", false);

        assertThat(tex).contains("\\includegraphics[width=\\linewidth,height=0.33\\textheight,keepaspectratio]");
    }

    @Test
    void a_two_column_chart_keeps_its_column_width() {
        assertThat(FigureFloat.render(chart("4:3"), "fig:a", true))
                .contains("\\begin{figure}[t]", "\\includegraphics[width=\\linewidth]{figures/fig_a.pdf}");
        assertThat(FigureFloat.render(chart("3:1"), "fig:a", true)).contains("\\begin{figure*}[t]");
    }
}
