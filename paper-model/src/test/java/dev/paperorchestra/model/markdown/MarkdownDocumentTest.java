package dev.paperorchestra.model.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.model.markdown.MdBlock.Heading;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownDocumentTest {

    @Test
    void a_table_without_outer_pipes_is_a_table() {
        MarkdownDocument document = MarkdownDocument.parse("""
                ## Main results

                Model | Acc | F1
                --- | --- | ---
                Ours | 91.2 | 88.0
                Baseline | 89.5 | 85.1
                """);

        assertThat(document.tables()).singleElement().satisfies(table -> {
            assertThat(table.caption()).isEqualTo("Main results");
            assertThat(table.headerText()).containsExactly("Model", "Acc", "F1");
            assertThat(table.rowsAsWritten()).containsExactly(List.of("Ours", "91.2", "88.0"),
                    List.of("Baseline", "89.5", "85.1"));
        });
        assertThat(document.paragraphs()).isEmpty();
    }

    @Test
    void a_table_with_a_minimal_delimiter_row_is_a_table() {
        MarkdownDocument document = MarkdownDocument.parse("|Model|Acc|\n|-|-|\n|Ours|91.2|\n");

        assertThat(document.tables()).singleElement()
                .satisfies(table -> assertThat(table.rowsAsWritten()).containsExactly(List.of("Ours", "91.2")));
    }

    @Test
    void setext_headings_are_headings() {
        MarkdownDocument document = MarkdownDocument.parse("""
                Depth from sparse points
                ========================

                Method
                ------

                We densify sparse LiDAR.
                """);

        assertThat(document.headings()).extracting(Heading::level, Heading::title, Heading::kind)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(1, "Depth from sparse points", Heading.Kind.SETEXT),
                        org.assertj.core.groups.Tuple.tuple(2, "Method", Heading.Kind.SETEXT));
        assertThat(document.title()).contains("Depth from sparse points");
        assertThat(document.section("Method")).hasValueSatisfying(section ->
                assertThat(section.paragraphs()).containsExactly("We densify sparse LiDAR."));
    }

    @Test
    void a_bold_line_is_a_heading_one_level_below_the_last_heading_and_never_a_title() {
        MarkdownDocument document = MarkdownDocument.parse("""
                **Problem Statement**
                Monocular depth is ambiguous at object boundaries.

                **Proposed Methodology (High-Level Technical Approach):**

                We propagate confidence along edges.

                # Notes

                **Setup**
                - 8 GPUs
                """);

        assertThat(document.headings()).extracting(Heading::title, Heading::level, Heading::kind).containsExactly(
                org.assertj.core.groups.Tuple.tuple("Problem Statement", 2, Heading.Kind.STRONG_LINE),
                org.assertj.core.groups.Tuple.tuple("Proposed Methodology (High-Level Technical Approach)", 2,
                        Heading.Kind.STRONG_LINE),
                org.assertj.core.groups.Tuple.tuple("Notes", 1, Heading.Kind.ATX),
                org.assertj.core.groups.Tuple.tuple("Setup", 2, Heading.Kind.STRONG_LINE));
        assertThat(document.section("Problem Statement")).hasValueSatisfying(section ->
                assertThat(section.paragraphs()).containsExactly("Monocular depth is ambiguous at object boundaries."));
        assertThat(document.title()).contains("Notes");
    }

    @Test
    void a_bold_label_that_begins_running_text_or_a_list_item_is_not_a_heading() {
        MarkdownDocument document = MarkdownDocument.parse("""
                **Note:** results are preliminary.

                - **Problem Statement**: what problem this solves
                """);

        assertThat(document.headings()).isEmpty();
        assertThat(document.statements()).containsExactly("Note: results are preliminary.",
                "Problem Statement: what problem this solves");
    }

    @Test
    void header_cells_are_read_through_their_emphasis_and_math_becomes_unicode() {
        MarkdownDocument document = MarkdownDocument.parse("""
                | **Method** | **AbsRel** $\\downarrow$ | $\\delta_1$ $\\uparrow$ |
                |---|---|---|
                | $\\mathcal{L}_{IoU}$ only | 0.112 | 0.873 |
                | (9) - AM | 0.101 | 0.890 |
                """);

        MdTable table = document.tables().getFirst();
        assertThat(table.headerText()).containsExactly("Method", "AbsRel ↓", "δ₁ ↑");
        assertThat(table.rowLabels()).containsExactly("𝓛_IoU only", "(9) - AM");
        assertThat(table.rowsAsWritten().getFirst().getFirst()).isEqualTo("$\\mathcal{L}_{IoU}$ only");
        assertThat(table.rows().getFirst().getFirst().latex()).isEqualTo("$\\mathcal{L}_{IoU}$ only");
    }

    @Test
    void underscores_inside_math_are_not_emphasis() {
        MarkdownDocument document = MarkdownDocument.parse("We compare $x_i$ and $y_i$ with $\\{a\\}$.\n");

        Inline.Text first = (Inline.Text) document.paragraphBlocks().getFirst().text().inlines().getFirst();
        assertThat(first.text()).isEqualTo("We compare ");
        assertThat(document.paragraphBlocks().getFirst().text().inlines()).filteredOn(Inline.Math.class::isInstance)
                .extracting(inline -> ((Inline.Math) inline).latex()).containsExactly("x_i", "y_i", "\\{a\\}");
        assertThat(document.paragraphs()).containsExactly("We compare xᵢ and yᵢ with {a}.");
    }

    @Test
    void dollar_amounts_are_not_math() {
        MarkdownDocument document = MarkdownDocument.parse("It costs $5 and $6 per run.\n");

        assertThat(document.paragraphs()).containsExactly("It costs $5 and $6 per run.");
    }

    @Test
    void crlf_line_ends_read_as_line_feeds() {
        String lf = "# Title\n\n## Results\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two\n";
        MarkdownDocument withLf = MarkdownDocument.parse(lf);
        MarkdownDocument withCrLf = MarkdownDocument.parse(lf.replace("\n", "\r\n"));

        assertThat(withCrLf.headings()).extracting(Heading::title).isEqualTo(withLf.headings().stream()
                .map(Heading::title).toList());
        assertThat(withCrLf.tables().getFirst().rowsAsWritten()).isEqualTo(withLf.tables().getFirst().rowsAsWritten());
        assertThat(withCrLf.statements()).isEqualTo(withLf.statements());
    }

    @Test
    void ragged_rows_are_padded_and_reported() {
        MdTable table = MarkdownDocument.parse("| a | b | c |\n|---|---|---|\n| 1 | 2 |\n| 1 | 2 | 3 | 4 |\n")
                .tables().getFirst();

        assertThat(table.rowsAsWritten()).containsExactly(List.of("1", "2", ""), List.of("1", "2", "3"));
        assertThat(table.ragged()).containsExactly(new MdTable.RaggedRow(1, 2), new MdTable.RaggedRow(2, 4));
    }

    @Test
    void nested_list_items_follow_their_parent() {
        MarkdownDocument document = MarkdownDocument.parse("""
                - Datasets
                  - KITTI
                  - NYUv2
                - Metrics: RMSE
                """);

        assertThat(document.items()).extracting(item -> item.text().plain(), MdBlock.ListItem::depth)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("Datasets", 0),
                        org.assertj.core.groups.Tuple.tuple("KITTI", 1), org.assertj.core.groups.Tuple.tuple("NYUv2", 1),
                        org.assertj.core.groups.Tuple.tuple("Metrics: RMSE", 0));
    }

    @Test
    void a_million_brackets_are_read_in_linear_time() {
        for (String unit : List.of("[", "(", "*", "_", "`", "$", "\\", "$a ", "**a", "[a](", "|", "<")) {
            String hostile = unit.repeat(1_000_000 / unit.length());
            long started = System.nanoTime();
            MarkdownDocument.parse(hostile).plainText();
            assertThat((System.nanoTime() - started) / 1_000_000).as("milliseconds for a run of %s", unit)
                    .isLessThan(10_000);
        }
    }
}
