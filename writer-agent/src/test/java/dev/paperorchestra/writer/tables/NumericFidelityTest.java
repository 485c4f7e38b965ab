package dev.paperorchestra.writer.tables;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.materials.MarkdownTable;
import java.util.List;
import org.junit.jupiter.api.Test;

class NumericFidelityTest {

    private static final MarkdownTable TABLE = new MarkdownTable(0, "Results", List.of("Method", "Top-1"),
            List.of(List.of("Ours", "**81.7** ± 0.2"), List.of("Batch 1,024", "76.5")));

    @Test
    void a_tex_with_every_number_is_exact() {
        NumericFidelity.Report report = NumericFidelity.check(List.of(TABLE),
                "Top-1: \\textbf{81.7} $\\pm$ 0.2, Batch 1,024 gives 76.5 and top 1");

        assertThat(report.exact()).isTrue();
        assertThat(report.checked()).isEqualTo(5);
    }

    @Test
    void a_changed_number_is_reported_with_its_table() {
        NumericFidelity.Report report = NumericFidelity.check(List.of(TABLE),
                "Top-1 \\textbf{81.70} $\\pm$ 0.2, 1,024 and 76.5");

        assertThat(report.missing()).containsExactly("Results: 81.7");
    }

    @Test
    void a_number_inside_a_longer_number_does_not_count() {
        NumericFidelity.Report report = NumericFidelity.check(List.of(TABLE),
                "Top-1 181.72 10.2 11,024 176.55");

        assertThat(report.missing()).containsExactly("Results: 81.7", "Results: 0.2", "Results: 1,024",
                "Results: 76.5");
    }
}
