package dev.paperorchestra.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.bench.autorate.JudgeUsage;
import dev.paperorchestra.bench.run.CaseEntry;
import dev.paperorchestra.bench.run.CaseState;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchComparisonTest {

    private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");

    private static List<ResultRow> judged(String... verdicts) {
        List<ResultRow> rows = new ArrayList<>();
        for (int i = 0; i < verdicts.length; i++) {
            CaseEntry entry = new CaseEntry("case-" + i, 1, "case-" + i + "-abc123-1", CaseState.FAILED,
                    T0.plusSeconds(5), T0, "outline", "stopped");
            rows.add(ResultRow.of(entry, null, null, Map.of("sxs_paper", verdicts[i])));
        }
        return rows;
    }

    // issue 42: po bench compare shows each run's side-by-side win rate with its interval
    @Test
    void the_comparison_gives_each_runs_win_rate_with_its_interval(@TempDir Path dir) {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        BenchResults.write(a, "a", judged("loss", "loss", "tie", "win"), Map.of());
        BenchResults.write(b, "b", judged("win", "win", "win", "win"), Map.of());

        var comparison = BenchComparison.of(a, b);

        var paper = comparison.get("winRates").get("sxs_paper");
        assertThat(paper.get("a").asDouble()).isEqualTo(0.25);
        assertThat(paper.get("b").asDouble()).isEqualTo(1.0);
        assertThat(paper.get("bCi95").get(0).asDouble()).isEqualTo(1.0);
        assertThat(paper.get("aCi95").get(0).asDouble()).isLessThan(0.25);
        assertThat(comparison.get("winRates").has("sxs_literature")).isFalse();
        assertThat(BenchComparison.lines(comparison)).anySatisfy(line -> assertThat(line)
                .matches("  win rate sxs_paper +0\\.2500 \\[0(\\.\\d+)?, 0\\.\\d+\\] -> 1 \\[1, 1\\]"));
    }

    private static List<ResultRow> costing(double... dollars) {
        List<ResultRow> rows = new ArrayList<>();
        for (int i = 0; i < dollars.length; i++) {
            CaseEntry entry = new CaseEntry("case-" + i, 1, "case-" + i + "-abc123-1", CaseState.COMPLETE,
                    T0.plusSeconds(5), T0, null, null);
            rows.add(ResultRow.of(entry, HtmlReportTest.modelSummary(dollars[i], 0), "cases/case-" + i, Map.of()));
        }
        return rows;
    }

    // issue 42: po bench compare shows the change in dollars per paper
    @Test
    void the_comparison_gives_the_change_in_dollars_and_tokens_per_paper(@TempDir Path dir) {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        BenchResults.write(a, "a", costing(0.40, 0.60, 0.80), Map.of());
        BenchResults.write(b, "b", costing(0.10, 0.20, 0.30), Map.of());

        var cost = BenchComparison.of(a, b).get("cost");

        assertThat(cost.get("dollars per paper p50").get("a").asDouble()).isEqualTo(0.60);
        assertThat(cost.get("dollars per paper p50").get("delta").asDouble()).isEqualTo(-0.40);
        assertThat(cost.get("dollars per paper p95").get("delta").asDouble()).isEqualTo(-0.50);
        assertThat(cost.get("dollars total").get("delta").asDouble()).isEqualTo(-1.20);
        assertThat(cost.get("input tokens per paper p50").get("delta").asDouble()).isZero();
        assertThat(BenchComparison.lines(BenchComparison.of(a, b))).anySatisfy(line -> assertThat(line)
                .matches("  cost dollars per paper p50 +0\\.6000 -> 0\\.2000 \\(-0\\.4000\\)"));
    }

    // the judge families' dollars, the first family's among them, are compared apart from the papers'
    @Test
    void the_comparison_gives_the_judging_dollars_apart_from_the_dollars_per_paper(@TempDir Path dir) {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        Path c = dir.resolve("c");
        BenchResults.write(a, "a", costing(0.10, 0.20), Map.of());
        List<ResultRow> firstOnly = costing(0.10, 0.20);
        firstOnly.forEach(row -> row.columns().put(JudgeUsage.COLUMN, Map.of("openai:gpt-4.1",
                Map.of("calls", 5L, "costUsd", 0.02))));
        BenchResults.write(b, "b", firstOnly, Map.of());
        List<ResultRow> judged = costing(0.10, 0.20);
        judged.forEach(row -> row.columns().put(JudgeUsage.COLUMN, Map.of("openai:gpt-4.1",
                Map.of("calls", 5L, "costUsd", 0.02), "anthropic:claude-sonnet-4-5", Map.of("calls", 4L,
                        "costUsd", 0.05))));
        BenchResults.write(c, "c", judged, Map.of());

        var cost = BenchComparison.of(b, c).get("cost");

        assertThat(cost.get("dollars total").get("delta").asDouble()).isZero();
        assertThat(BenchComparison.of(a, b).get("cost").get("judging dollars total").get("a").isNull())
                .as("A was rated by no model").isTrue();
        assertThat(cost.get("judging dollars total").get("a").asDouble()).as("the first family's alone")
                .isEqualTo(0.04);
        assertThat(cost.get("judging dollars total").get("b").asDouble()).isEqualTo(0.14);
        assertThat(BenchComparison.lines(BenchComparison.of(b, c))).anySatisfy(line -> assertThat(line)
                .matches("  cost judging dollars total +0\\.0400 -> 0\\.1400 \\(\\+0\\.1000\\)"));
    }

    /** Cases judged by two families: the first family's verdicts and the second's. */
    private static List<ResultRow> twoJudges(String[] first, String[] second) {
        List<ResultRow> rows = new ArrayList<>();
        for (int i = 0; i < first.length; i++) {
            CaseEntry entry = new CaseEntry("case-" + i, 1, "case-" + i + "-abc123-1", CaseState.FAILED,
                    T0.plusSeconds(5), T0, "outline", "stopped");
            rows.add(ResultRow.of(entry, null, null, Map.of("sxs_paper", first[i], "sxs_paper_by", Map.of(
                    "openai:gpt-4.1", Map.of("verdict", first[i]), "gemini:gemini-2.5-pro", Map.of("verdict",
                            second[i])))));
        }
        return rows;
    }

    // issue 42: po bench compare shows the judges' agreement when a run has two or more families
    @Test
    void the_comparison_gives_the_judge_families_agreement_when_a_run_has_it(@TempDir Path dir) {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        BenchResults.write(a, "a", judged("loss", "win", "tie"), Map.of());
        BenchResults.write(b, "b", twoJudges(new String[] {"win", "loss", "tie", "win"},
                new String[] {"win", "loss", "tie", "loss"}), Map.of());

        var comparison = BenchComparison.of(a, b);

        var paper = comparison.get("judgeAgreement").get("sxs_paper");
        assertThat(paper.get("a").isNull()).as("one family in A").isTrue();
        assertThat(paper.get("b").get("alphaNominal").asDouble()).isEqualTo(0.667);
        assertThat(BenchComparison.lines(comparison)).anySatisfy(line -> assertThat(line)
                .matches("  judge agreement sxs_paper +- -> alpha 0\\.667 \\(2 families, 4 cases\\)"));
        BenchResults.write(b, "b", judged("win"), Map.of());
        assertThat(BenchComparison.of(a, b).has("judgeAgreement")).as("no run with two families").isFalse();
    }
}
