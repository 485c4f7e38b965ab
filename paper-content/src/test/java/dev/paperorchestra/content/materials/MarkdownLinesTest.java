package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownLinesTest {

    private static final String BODY = """
            Intro paragraph that
            wraps.

            - **First** bullet that
              wraps onto a second line.
            - Second bullet.

            | a | b |
            |---|---|
            | 1 | 2 |

            1. Numbered *item*.
            2. Another.
            """;

    @Test
    void statements_are_paragraphs_and_bullets_in_order_as_plain_text() {
        assertThat(MarkdownLines.statements(BODY)).containsExactly("Intro paragraph that wraps.",
                "First bullet that wraps onto a second line.", "Second bullet.", "Numbered item.", "Another.");
    }

    @Test
    void items_keep_their_decorations_and_join_wrapped_lines() {
        assertThat(MarkdownLines.items(BODY)).containsExactly("**First** bullet that wraps onto a second line.",
                "Second bullet.", "Numbered *item*.", "Another.");
    }

    @Test
    void an_item_run_knows_whether_it_is_numbered_and_where_it_ends() {
        List<String> lines = BODY.lines().toList();
        int numbered = lines.indexOf("1. Numbered *item*.");

        MarkdownLines.ItemRun run = MarkdownLines.itemRun(lines, numbered);

        assertThat(run.numbered()).isTrue();
        assertThat(run.items()).hasSize(2);
        assertThat(run.end()).isEqualTo(lines.size());
    }

    @Test
    void tells_headings_table_rows_and_separators_apart() {
        assertThat(MarkdownLines.headingLevel("### Results")).isEqualTo(3);
        assertThat(MarkdownLines.headingLevel("#hashtag")).isZero();
        assertThat(MarkdownLines.isTableRow("| a | b |")).isTrue();
        assertThat(MarkdownLines.isTableSeparator("|:---|---:|")).isTrue();
        assertThat(MarkdownLines.isTableSeparator("| a | b |")).isFalse();
    }
}
