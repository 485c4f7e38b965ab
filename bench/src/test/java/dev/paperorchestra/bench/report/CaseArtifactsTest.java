package dev.paperorchestra.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.bench.run.CaseEntry;
import dev.paperorchestra.bench.run.CaseState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaseArtifactsTest {

    private static final Instant T0 = Instant.parse("2026-11-26T10:00:00Z");

    @Test
    void each_figure_of_a_paper_is_shown_with_where_it_came_from(@TempDir Path bench) throws Exception {
        Path out = paper(bench);
        Files.write(out.resolve("figures/fig_accuracy.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        Files.writeString(out.resolve("figures/fig_accuracy.json"), """
                {"figure_id":"fig_accuracy","mode":"offline","kind":"grouped_bar",
                 "source_table":"Accuracy on the held-out split","source_document":"the experimental log",
                 "cells":[{"row":"a","column":"b","value":"1"},{"row":"c","column":"b","value":"2"}],
                 "critique_rounds":[{"round":1}],"fell_back":true,"fallback_reason":"the critic rejected twice"}""");
        Files.write(out.resolve("figures/author_overview.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        Files.writeString(out.resolve("figures/broken.json"), "{not json");
        Files.write(out.resolve("figures/broken.png"), new byte[] {1});

        List<CaseArtifacts.Figure> figures = CaseArtifacts.figures(bench, out);

        assertThat(figures).extracting(CaseArtifacts.Figure::name)
                .containsExactly("author_overview.png", "broken.png", "fig_accuracy.png");
        assertThat(figures.get(2).image()).isEqualTo("cases/c/c-1/figures/fig_accuracy.png");
        assertThat(figures.get(2).provenance()).isEqualTo("grouped bar, offline mode; draws \"Accuracy on the held-out "
                + "split\" from the experimental log (2 cells); simplest faithful rendering: the critic rejected twice;"
                + " 1 critique round");
        assertThat(figures.get(0).provenance()).isEqualTo("supplied with the materials (no plotting record)");
        // a damaged record does not stop the report
        assertThat(figures.get(1).provenance()).isEqualTo("supplied with the materials (no plotting record)");
    }

    @Test
    void the_review_score_of_every_iteration_is_listed_in_iteration_order(@TempDir Path bench) throws Exception {
        Path out = paper(bench);
        Files.createDirectories(out.resolve("reviews"));
        Files.writeString(out.resolve("reviews/iteration-0.json"), "{\"Overall\": 3}");
        Files.writeString(out.resolve("reviews/iteration-2.json"), "{\"Overall\": 4.5}");
        Files.writeString(out.resolve("reviews/iteration-10.json"), "{\"Overall\": 5}");
        Files.writeString(out.resolve("reviews/iteration-1.json"), "{\"Decision\": \"Reject\"}");
        Files.writeString(out.resolve("reviews/notes.json"), "{\"Overall\": 1}");

        assertThat(CaseArtifacts.reviewScores(out)).isEqualTo("3, ?, 4.5, 5");
        assertThat(CaseArtifacts.reviewScores(bench)).isNull();
    }

    @Test
    void the_case_page_shows_thumbnails_review_scores_and_the_counts_beside_the_human_paper(@TempDir Path bench)
            throws Exception {
        Path out = paper(bench);
        Files.write(out.resolve("figures/fig_a.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        Files.writeString(out.resolve("summary.json"), """
                {"mode":"offline","paperId":"c-1","figures":1,"tables":2,"compile":{"status":"COMPILED","pages":7},
                 "literature":{"citationsUsed":19},"refinement":{"iterations":1,"finalOverall":4.0}}""");
        Files.createDirectories(out.resolve("reviews"));
        Files.writeString(out.resolve("reviews/iteration-0.json"), "{\"Overall\": 3}");
        Files.writeString(out.resolve("reviews/iteration-1.json"), "{\"Overall\": 4}");
        Path autoraters = bench.resolve("cases/c/autoraters");
        Files.createDirectories(autoraters);
        Files.writeString(autoraters.resolve("human_counts.json"),
                "{\"citations\": 42, \"figures\": 5, \"tables\": 3, \"pages\": 9}");
        CaseEntry entry = new CaseEntry("c", 1, "c-1", CaseState.COMPLETE, T0.plusSeconds(5), T0, null, null);

        List<ResultRow> rows = BenchResults.rows(bench, List.of("c"), Map.of("c", entry));
        String html = HtmlReport.render("bench", rows, BenchAggregates.of(rows, Map.of()));

        assertThat(rows.getFirst().get("review_scores")).isEqualTo("3, 4");
        assertThat(html).contains("<img src=\"cases/c/c-1/figures/fig_a.png\"",
                "Review score per iteration (overall, from iteration 0): 3, 4",
                "Against the human paper (reference/): citations 19 vs 42, figures 1 vs 5, tables 2 vs 3, pages 7 vs 9");
    }

    private static Path paper(Path bench) throws Exception {
        Path out = bench.resolve("cases/c/c-1");
        Files.createDirectories(out.resolve("figures"));
        return out;
    }
}
