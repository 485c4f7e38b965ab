package dev.paperorchestra.model.markdown;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The emphasis budget: CommonMark takes minutes on emphasis nested deep, so a paragraph of more than
 * {@value EmphasisBudget#MAX_MARKS} marks is read as plain text and named; prose keeps its emphasis.
 */
class EmphasisBudgetTest {

    /** Issue 40: every parser of outside text is linear or bounded; commonmark-java took over 60 s on 512 KiB. */
    private static final Duration BOUND = Duration.ofSeconds(10);

    @Test
    void a_mebibyte_of_nested_emphasis_is_read_as_plain_text_within_the_bound_and_named_by_its_line() {
        String prose = "# Idea\n\nWe *reduce* latency with **batching**.\n\n";
        // nesting depths of 2 modulo 3 are commonmark's slow case (a 512 KiB one takes minutes unguarded)
        int depth = (1 << 20) / 4 - 2;
        String hostile = "*_".repeat(depth) + "_*".repeat(depth);
        String markdown = prose + hostile;

        MarkdownDocument document = assertTimeoutPreemptively(BOUND, () -> MarkdownDocument.parse(markdown));

        assertThat(document.flattened()).containsExactly(new EmphasisBudget.Flattened(5, 4 * depth));
        assertThat(EmphasisBudget.flattened(markdown)).isEqualTo(document.flattened());
        assertThat(document.flattened().getFirst().message("idea.md"))
                .startsWith("idea.md: line 5: a paragraph with " + 4 * depth + " emphasis marks");
        List<MdBlock.Paragraph> paragraphs = document.paragraphBlocks();
        assertThat(paragraphs).hasSize(2);
        assertThat(paragraphs.getFirst().text().inlines()).hasAtLeastOneElementOfType(Inline.Emphasis.class)
                .hasAtLeastOneElementOfType(Inline.Strong.class);
        assertThat(paragraphs.getLast().text().inlines()).containsExactly(new Inline.Text(hostile));
        assertThat(paragraphs.getLast().text().source()).isEqualTo(hostile);
    }

    @Test
    void a_paragraph_at_the_budget_keeps_its_emphasis_and_snake_case_does_not_count() {
        String busy = "*a* ".repeat(EmphasisBudget.MAX_MARKS / 2) + "run_id_with_parts ".repeat(5000);

        MarkdownDocument document = MarkdownDocument.parse(busy);

        assertThat(document.flattened()).isEmpty();
        assertThat(document.paragraphBlocks().getFirst().text().inlines()
                .stream().filter(Inline.Emphasis.class::isInstance)).hasSize(EmphasisBudget.MAX_MARKS / 2);
    }

    @Test
    void a_flattened_paragraph_keeps_its_list_markers_code_and_links_as_written() {
        String markdown = "* first _item_ `a*b` [x](http://h/a_b*c)\n" + "a*".repeat(EmphasisBudget.MAX_MARKS)
                + "\n\n***\n\n*kept*\n";

        MarkdownDocument document = MarkdownDocument.parse(markdown);

        assertThat(document.flattened()).containsExactly(
                new EmphasisBudget.Flattened(1, EmphasisBudget.MAX_MARKS + 5));
        MdBlock.ListItem item = document.items().getFirst();
        assertThat(item.text().inlines()).contains(new Inline.Text("first _item_ "), new Inline.Code("a*b"),
                new Inline.Link(List.of(new Inline.Text("x")), "http://h/a_b*c"));
        assertThat(document.blocks()).hasAtLeastOneElementOfType(MdBlock.Rule.class);
        assertThat(document.paragraphBlocks().getLast().text().inlines()).singleElement()
                .isInstanceOf(Inline.Emphasis.class);
    }

    @Test
    void a_paragraph_is_counted_whole_whatever_its_line_ends() {
        String line = "*a ".repeat(EmphasisBudget.MAX_MARKS / 2 + 1);

        assertThat(EmphasisBudget.flattened("x\r\n\r\n" + line + "\r\n" + line)).containsExactly(
                new EmphasisBudget.Flattened(3, EmphasisBudget.MAX_MARKS + 2));
        assertThat(EmphasisBudget.flattened("x\r\r" + line + "\r" + line)).containsExactly(
                new EmphasisBudget.Flattened(3, EmphasisBudget.MAX_MARKS + 2));
        assertThat(EmphasisBudget.flattened(line + "\r\n\r\n" + line)).isEmpty();
    }

    @Test
    void one_line_markdown_goes_through_the_same_budget() {
        String cell = "*_".repeat(EmphasisBudget.MAX_MARKS) + "_*".repeat(EmphasisBudget.MAX_MARKS);

        assertThat(MarkdownDocument.inline(cell).plain()).isEqualTo(cell);
        assertThat(MarkdownDocument.inline("*a* and **b**").inlines()).hasAtLeastOneElementOfType(Inline.Emphasis.class);
    }
}
