package dev.paperorchestra.runtime.blob;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FileNamesTest {

    @ParameterizedTest
    @ValueSource(strings = {"paper.tex", "review_1.md", "fig-2+3.pdf", "_notes", "A"})
    void a_plain_segment_is_accepted(String segment) {
        assertThat(FileNames.isPlainSegment(segment)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".hidden", "..", "-rf", "a b", "a/b", "é.tex", "a\u0000b"})
    void a_hidden_traversing_or_unusual_segment_is_refused(String segment) {
        assertThat(FileNames.isPlainSegment(segment)).isFalse();
        assertThat(FileNames.isPlainSegment("x".repeat(FileNames.MAX_SEGMENT + 1))).isFalse();
    }
}
