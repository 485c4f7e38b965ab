package dev.paperorchestra.model.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AbstractBoundsTest {

    @Test
    void what_the_writers_aim_at_lies_inside_what_the_gate_accepts_with_a_margin() {
        assertThat(AbstractBounds.AIMED.within(AbstractBounds.ACCEPTED, AbstractBounds.MARGIN)).isTrue();
        assertThat(AbstractBounds.ACCEPTED.within(AbstractBounds.AIMED, 0)).isFalse();
    }

    @Test
    void bounds_are_inclusive_and_say_themselves_as_findings_do() {
        assertThat(AbstractBounds.ACCEPTED.admits(70)).isTrue();
        assertThat(AbstractBounds.ACCEPTED.admits(350)).isTrue();
        assertThat(AbstractBounds.ACCEPTED.admits(69)).isFalse();
        assertThat(AbstractBounds.ACCEPTED.admits(351)).isFalse();
        assertThat(AbstractBounds.ACCEPTED).hasToString("70 to 350");
        assertThatThrownBy(() -> new AbstractBounds(100, 50)).hasMessageContaining("100..50");
    }
}
