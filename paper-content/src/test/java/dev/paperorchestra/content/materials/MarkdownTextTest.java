package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MarkdownTextTest {

    private static final String NOTES = """
            ## Observations

            Intro sentence
            over two lines.

            - GlimpseDepth halves the error (RMSE 0.329 m against
              0.651 m) with 200 points.
            - **Bold** second item.
            1. numbered item

            Closing paragraph.
            """;

    @Test
    void a_bullet_keeps_the_lines_it_wraps_onto() {
        assertThat(MarkdownText.bullets(NOTES)).containsExactly(
                "GlimpseDepth halves the error (RMSE 0.329 m against 0.651 m) with 200 points.",
                "Bold second item.",
                "numbered item");
    }

    @Test
    void paragraphs_exclude_wrapped_bullet_lines_and_join_their_own_lines() {
        assertThat(MarkdownText.paragraphs(NOTES)).containsExactly("Intro sentence over two lines.", "Closing paragraph.");
    }

    @Test
    void sections_carry_their_body_up_to_the_next_heading_of_the_same_level() {
        var sections = MarkdownText.sections("# T\n## A\na\n### A1\nx\n## B\nb\n");

        assertThat(sections).extracting(MarkdownText.Section::title).containsExactly("T", "A", "A1", "B");
        assertThat(sections.get(1).body()).isEqualTo("a\n### A1\nx");
    }
}
