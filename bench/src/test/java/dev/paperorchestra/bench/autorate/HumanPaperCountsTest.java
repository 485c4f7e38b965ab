package dev.paperorchestra.bench.autorate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HumanPaperCountsTest {

    @Test
    void the_human_paper_is_counted_as_the_generated_one_is(@TempDir Path reference) throws Exception {
        Files.writeString(reference.resolve("paper.tex"), """
                \\documentclass{article}
                \\begin{document}
                As shown by \\cite{a,b} and \\citep[p.~3]{c}, and again \\cite{a}.
                \\begin{figure}x\\end{figure}
                \\begin{figure*}y\\end{figure*}
                % \\begin{figure}commented out\\end{figure}
                \\begin{table}z\\end{table}
                \\begin{table*}w\\end{table*}
                \\begin{tabular}{l}not a float\\end{tabular}
                \\end{document}
                """);

        var counts = HumanPaperCounts.measure(reference);

        assertThat(HumanPaperCounts.columns(counts)).containsEntry("human_citations", 3L)
                .containsEntry("human_figures", 2L).containsEntry("human_tables", 2L).doesNotContainKey("human_pages");
    }

    @Test
    void a_reference_without_its_tex_gives_no_counts(@TempDir Path reference) {
        assertThat(HumanPaperCounts.columns(HumanPaperCounts.measure(reference))).isEmpty();
    }
}
