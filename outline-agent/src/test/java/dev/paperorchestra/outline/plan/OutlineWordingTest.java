package dev.paperorchestra.outline.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class OutlineWordingTest {

    @Test
    void lists_items_as_a_sentence_does() {
        assertThat(OutlineWording.list(List.of())).isEmpty();
        assertThat(OutlineWording.list(List.of("A"))).isEqualTo("A");
        assertThat(OutlineWording.list(List.of("A", "B"))).isEqualTo("A and B");
        assertThat(OutlineWording.list(List.of("A", "B", "C"))).isEqualTo("A, B and C");
    }

    @Test
    void lowers_only_a_capitalised_first_word() {
        assertThat(OutlineWording.lowerFirst("Hyper-parameters of Concord")).isEqualTo("hyper-parameters of Concord");
        assertThat(OutlineWording.lowerFirst("NYU splits")).isEqualTo("NYU splits");
    }

    @Test
    void writes_a_hint_for_a_name_without_known_authors() {
        assertThat(OutlineWording.hint("NLSPN")).isEqualTo("research paper or technical report introducing 'NLSPN'");
    }
}
