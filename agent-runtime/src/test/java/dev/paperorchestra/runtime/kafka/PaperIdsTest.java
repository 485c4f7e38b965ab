package dev.paperorchestra.runtime.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDateTime;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class PaperIdsTest {

    @ParameterizedTest
    @ValueSource(strings = {"../x", "..", "a..b", "/etc", "a/b", "-x", ".hidden", "", "x y", "x;rm", "é",
            "a\\b", "12345678901234567890123456789012345678901234567890123456789012345"})
    void refuses_ids_that_could_leave_a_directory_or_surprise_a_shell(String id) {
        assertThat(PaperIds.isValid(id)).isFalse();
        assertThatThrownBy(() -> PaperIds.requireValid(id)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("letters, digits");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cvpr-sparse-depth-20261123-180152", "P1", "a.b_c-d", "0"})
    void accepts_plain_ids(String id) {
        assertThat(PaperIds.requireValid(id)).isEqualTo(id);
    }

    @Test
    void generated_ids_and_their_alternatives_are_valid() {
        String id = PaperIds.generate("My Materials/../ÜBER dir!!", LocalDateTime.of(2026, 11, 23, 18, 1, 52));

        assertThat(id).isEqualTo("my-materials-ber-dir-20261123-180152");
        assertThat(PaperIds.isValid(PaperIds.generate("x".repeat(200), LocalDateTime.now()))).isTrue();
        assertThat(PaperIds.isValid(PaperIds.generate("...", LocalDateTime.now()))).isTrue();
        assertThat(PaperIds.alternative("y".repeat(64), 12)).hasSize(64).endsWith("-12");
    }
}
