package dev.paperorchestra.runtime.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PaperKeysTest {

    @Test
    void the_paper_of_a_task_key_is_its_prefix() {
        assertThat(PaperKeys.paperIdOf(PaperKeys.taskKey("p-7", "lit-3"))).isEqualTo("p-7");
    }

    @Test
    void a_paper_key_is_its_own_paper() {
        assertThat(PaperKeys.paperIdOf("p-7")).isEqualTo("p-7");
        assertThat(PaperKeys.paperIdOf(null)).isEqualTo("unknown");
    }
}
