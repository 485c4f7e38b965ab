package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AspectRatioTest {

    @Test
    void parses_width_and_height() {
        assertThat(AspectRatio.parse("16:9")).contains(new AspectRatio(16, 9));
        assertThat(AspectRatio.parse(" 21 : 9 ")).contains(new AspectRatio(21, 9));
    }

    @Test
    void rejects_text_that_is_not_a_ratio() {
        assertThat(AspectRatio.parse("wide")).isEmpty();
        assertThat(AspectRatio.parse("16:0")).isEmpty();
        assertThat(AspectRatio.parse("4:3:2")).isEmpty();
    }

    @Test
    void value_is_width_over_height() {
        assertThat(new AspectRatio(4, 1).value()).isEqualTo(4.0);
        assertThat(new AspectRatio(9, 16).toString()).isEqualTo("9:16");
    }
}
