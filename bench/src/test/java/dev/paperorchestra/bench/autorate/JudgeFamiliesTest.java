package dev.paperorchestra.bench.autorate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.bench.dataset.BenchCase;
import dev.paperorchestra.bench.report.BenchAggregates;
import dev.paperorchestra.bench.report.ResultRow;
import dev.paperorchestra.bench.run.CaseEntry;
import dev.paperorchestra.bench.run.CaseState;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.usage.InMemoryUsageLedger;
import dev.paperorchestra.gateway.usage.LlmUsage;
import dev.paperorchestra.gateway.usage.UsageLedger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.support.GenericApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * Issue 42: with two or more judge families configured, every family judges every case in both orders, each
 * family's verdicts are kept in the results, and the bench reports how far the families agree.
 */
class JudgeFamiliesTest {

    private static final Instant T0 = Instant.parse("2026-11-29T08:00:00Z");
    private static final Pattern CASE = Pattern.compile("CASE-(\\d+)");

    @TempDir
    Path dir;

    /**
     * A judge family whose combined verdict on case i is {@code verdicts[i]}, judging consistently in both
     * orders: it finds the generated paper by its text wherever it stands.
     */
    private static ScriptedGateway family(String... verdicts) {
        return new ScriptedGateway(request -> {
            String user = request.user();
            Matcher matcher = CASE.matcher(user);
            String verdict = matcher.find() ? verdicts[Integer.parseInt(matcher.group(1))] : "tie";
            boolean generatedFirst = user.indexOf("GENERATED-TEXT") < user.indexOf("HUMAN-TEXT");
            String winner = switch (verdict) {
                case "win" -> generatedFirst ? "paper_1" : "paper_2";
                case "loss" -> generatedFirst ? "paper_2" : "paper_1";
                default -> "tie";
            };
            return "{\"winner\": \"" + winner + "\", \"reasoning\": \"r\"}";
        });
    }

    private static String tex(String marker, int i) {
        return "\\documentclass{article}\n\\begin{document}\n\\section{Introduction}\nCASE-" + i + " " + marker
                + " introduction.\n\\section{Method}\n" + marker + " method.\n\\end{document}\n";
    }

    /** Rates {@code cases} cases with the suite and returns their result rows. */
    private List<ResultRow> rate(AutoraterSuite suite, int cases) throws Exception {
        List<ResultRow> rows = new ArrayList<>();
        for (int i = 0; i < cases; i++) {
            Path materials = dir.resolve("data/case-" + i);
            Files.createDirectories(materials.resolve(BenchCase.REFERENCE_DIR));
            Files.writeString(materials.resolve(BenchCase.REFERENCE_DIR).resolve("paper.tex"), tex("HUMAN-TEXT", i));
            Path outputDir = dir.resolve("cases/case-" + i + "/case-" + i + "-abc123-1");
            Files.createDirectories(outputDir);
            Files.writeString(outputDir.resolve("paper.tex"), tex("GENERATED-TEXT", i));

            suite.rate(new BenchCase("case-" + i, materials), "case-" + i + "-abc123-1", outputDir);

            CaseEntry entry = new CaseEntry("case-" + i, 1, "case-" + i + "-abc123-1", CaseState.COMPLETE,
                    T0.plusSeconds(30), T0, null, null, null, 0, null);
            rows.add(ResultRow.of(entry, null, null, AutoraterSuite.columns(outputDir.getParent())));
        }
        return rows;
    }

    private static AutoraterSuite suite(LlmGateway first, List<JudgeFamily> others) {
        return suite(new JudgeFamily("openai:gpt-4.1", first), others);
    }

    private static AutoraterSuite suite(JudgeFamily first, List<JudgeFamily> others) {
        return new AutoraterSuite(Set.of(AutoraterSuite.Kind.SIDE_BY_SIDE), first, "no model",
                (c, id, refs) -> reference -> java.util.Optional.empty(), others);
    }

    @Test
    void two_families_that_agree_on_some_cases_give_alpha_and_pairwise_agreement_over_the_cases() throws Exception {
        ScriptedGateway openai = family("win", "win", "loss", "tie", "win", "loss");
        ScriptedGateway anthropic = family("win", "loss", "loss", "tie", "win", "win");

        List<ResultRow> rows = rate(suite(openai, List.of(new JudgeFamily("anthropic:claude-sonnet-4-5", anthropic))),
                6);

        // every family judged every case in both orders: two scopes, two orders, six cases
        assertThat(openai.requests).hasSize(24);
        assertThat(anthropic.requests).hasSize(24);
        assertThat(rows.get(1).get("sxs_paper")).as("the existing column is the first family's").isEqualTo("win");
        assertThat(rows.get(1).get("sxs_paper_by")).isEqualTo(Map.of(
                "openai:gpt-4.1", Map.of("verdict", "win", "generated_first", "win", "generated_second", "win"),
                "anthropic:claude-sonnet-4-5", Map.of("verdict", "loss", "generated_first", "loss",
                        "generated_second", "loss")));
        JsonNode paper = BenchAggregates.of(rows, Map.of()).get("sideBySide").get("sxs_paper");
        assertThat(paper.get("winRate").asDouble()).isEqualTo(0.5);
        assertThat(paper.at("/byJudge/openai:gpt-4.1/winRate").asDouble()).isEqualTo(0.5);
        assertThat(paper.get("byJudge").get("anthropic:claude-sonnet-4-5").get("win").asInt()).isEqualTo(3);
        assertThat(paper.get("byJudge").get("anthropic:claude-sonnet-4-5").get("loss").asInt()).isEqualTo(2);
        assertThat(paper.get("byJudge").get("anthropic:claude-sonnet-4-5").has("winRateCi95")).isTrue();
        assertThat(paper.get("byJudge").get("anthropic:claude-sonnet-4-5").at("/positionBias/flips").asInt())
                .isZero();
        JsonNode agreement = paper.get("judgeAgreement");
        // 12 verdicts (6 win, 4 loss, 2 tie), cases 1 and 5 disagree: D_o = 4/12, D_e = 88/132, alpha = 0.5
        assertThat(agreement.get("alphaNominal").asDouble()).isEqualTo(0.5);
        assertThat(agreement.get("cases").asInt()).isEqualTo(6);
        JsonNode pair = agreement.get("pairwise").get(0);
        assertThat(pair.get("a").asString()).isEqualTo("openai:gpt-4.1");
        assertThat(pair.get("b").asString()).isEqualTo("anthropic:claude-sonnet-4-5");
        assertThat(pair.get("agree").asInt()).isEqualTo(4);
        assertThat(pair.get("rate").asDouble()).isEqualTo(0.667);
    }

    /** A gateway answering like {@code scripted} that records each call in {@code ledger} as {@code usage} does. */
    private static ScriptedGateway recording(ScriptedGateway scripted, InMemoryUsageLedger ledger,
            Function<String, LlmUsage> usage) {
        return new ScriptedGateway(request -> {
            ledger.record(usage.apply(request.paperId()));
            return scripted.call(request).text();
        });
    }

    @Test
    void every_familys_tokens_and_dollars_the_first_one_included_are_saved_with_the_case_and_kept_out_of_the_papers_cost()
            throws Exception {
        InMemoryUsageLedger firstLedger = new InMemoryUsageLedger();
        // a call the first family's ledger held under the id before this rating (an earlier process's) is not its
        firstLedger.record(new LlmUsage("case-0-abc123-1-autorate", "po-bench", "reviewer", "openai", "gpt-4.1",
                9_999, 0, 0, 9_999, 9.0, false, false));
        JudgeFamily first = new JudgeFamily("openai:gpt-4.1", recording(family("win"), firstLedger,
                paperId -> new LlmUsage(paperId, "po-bench", "reviewer", "openai", "gpt-4.1", 2_000, 1_024, 0, 100,
                        0.0025, false, false)), firstLedger);
        InMemoryUsageLedger ledger = new InMemoryUsageLedger();
        JudgeFamily anthropic = new JudgeFamily("anthropic:claude-sonnet-4-5", recording(family("win"), ledger,
                paperId -> new LlmUsage(paperId, "po-bench", "reviewer", "anthropic", "claude-sonnet-4-5", 1_000, 600,
                        200, 50, 0.004, false, false)), ledger);

        List<ResultRow> rows = rate(suite(first, List.of(anthropic)), 1);

        // two scopes, both orders: four calls of each family billed to the case's autorater paper id
        assertThat(rows.getFirst().get(JudgeUsage.COLUMN)).isEqualTo(Map.of(
                "openai:gpt-4.1", Map.of("calls", 4L, "cacheHits", 0L, "inputTokens", 8_000L,
                        "cachedInputTokens", 4_096L, "cacheWriteInputTokens", 0L, "outputTokens", 400L,
                        "costUsd", 0.01),
                "anthropic:claude-sonnet-4-5", Map.of("calls", 4L, "cacheHits", 0L, "inputTokens", 4_000L,
                        "cachedInputTokens", 2_400L, "cacheWriteInputTokens", 800L, "outputTokens", 200L,
                        "costUsd", 0.016)));
        assertThat(rows.getFirst().columns()).doesNotContainKey("cost_usd");
        JsonNode judges = BenchAggregates.of(rows, Map.of()).at("/cost/judges");
        assertThat(judges.at("/families/openai:gpt-4.1/calls").asLong()).isEqualTo(4);
        assertThat(judges.get("dollars").asDouble()).isEqualTo(0.026);
    }

    @Test
    void the_first_familys_calls_from_every_model_rater_are_its_cost_without_a_further_family() throws Exception {
        InMemoryUsageLedger ledger = new InMemoryUsageLedger();
        JudgeFamily first = new JudgeFamily("openai:gpt-4.1", recording(new ScriptedGateway(request ->
                request.system().contains("introduction and related-work sections") ? "{\"axes\": {}}"
                        : family("win").call(request).text()), ledger,
                paperId -> new LlmUsage(paperId, "po-bench", "reviewer", "openai", "gpt-4.1", 1_000, 0, 0, 100,
                        0.001, false, false)), ledger);
        AutoraterSuite suite = new AutoraterSuite(Set.of(AutoraterSuite.Kind.SIDE_BY_SIDE,
                AutoraterSuite.Kind.LITERATURE_QUALITY), first, "no model",
                (c, id, refs) -> reference -> java.util.Optional.empty());

        List<ResultRow> rows = rate(suite, 1);

        // literature quality's call and side-by-side's four
        assertThat(rows.getFirst().get(JudgeUsage.COLUMN)).isEqualTo(Map.of("openai:gpt-4.1", Map.of("calls", 5L,
                "cacheHits", 0L, "inputTokens", 5_000L, "cachedInputTokens", 0L, "cacheWriteInputTokens", 0L,
                "outputTokens", 500L, "costUsd", 0.005)));
        assertThat(BenchAggregates.of(rows, Map.of()).at("/cost/judges/dollars").asDouble()).isEqualTo(0.005);
    }

    @Test
    void an_embedded_runs_first_family_reads_the_ledger_of_the_agent_whose_gateway_it_calls() throws Exception {
        // an agent without a model gateway started first, with a ledger of its own the raters' calls never reach
        InMemoryUsageLedger elsewhere = new InMemoryUsageLedger();
        InMemoryUsageLedger recordedInto = new InMemoryUsageLedger();
        LlmGateway gateway = recording(family("win"), recordedInto, paperId -> new LlmUsage(paperId, "bench",
                "reviewer", "openai", "gpt-4.1", 1_000, 0, 0, 100, 0.001, false, true));
        try (var noGateway = new GenericApplicationContext(); var withGateway = new GenericApplicationContext()) {
            noGateway.registerBean(UsageLedger.class, () -> elsewhere);
            withGateway.registerBean(UsageLedger.class, () -> recordedInto);
            withGateway.registerBean(LlmGateway.class, () -> gateway);
            noGateway.refresh();
            withGateway.refresh();

            JudgeFamily first = JudgeFamily.ofAgent("openai:gpt-4.1", List.of(noGateway, withGateway)).orElseThrow();
            List<ResultRow> rows = rate(suite(first, List.of()), 1);

            assertThat(first.gateway()).isSameAs(gateway);
            assertThat(rows.getFirst().get(JudgeUsage.COLUMN)).isEqualTo(Map.of("openai:gpt-4.1", Map.of("calls", 4L,
                    "cacheHits", 0L, "inputTokens", 4_000L, "cachedInputTokens", 0L, "cacheWriteInputTokens", 0L,
                    "outputTokens", 400L, "costUsd", 0.004)));
            assertThat(JudgeFamily.ofAgent("openai:gpt-4.1", List.of(noGateway))).isEmpty();
        }
    }

    @Test
    void one_family_gives_no_agreement_and_says_why() throws Exception {
        List<ResultRow> rows = rate(suite(family("win", "loss", "tie"), List.of()), 3);

        JsonNode agreement = BenchAggregates.of(rows, Map.of()).at("/sideBySide/sxs_paper/judgeAgreement");

        assertThat(agreement.get("alphaNominal").isNull()).isTrue();
        assertThat(agreement.get("reason").asString()).startsWith("one judge family (openai:gpt-4.1)")
                .contains("--judge");
        assertThat(BenchAggregates.of(rows, Map.of()).at("/sideBySide/sxs_paper").has("byJudge")).isFalse();
    }

    @Test
    void families_that_always_agree_on_one_verdict_give_no_alpha_but_full_agreement() throws Exception {
        List<ResultRow> rows = rate(suite(family("win", "win"), List.of(new JudgeFamily("gemini:gemini-2.5-pro",
                family("win", "win")))), 2);

        JsonNode agreement = BenchAggregates.of(rows, Map.of()).at("/sideBySide/sxs_paper/judgeAgreement");

        assertThat(agreement.get("alphaNominal").isNull()).isTrue();
        assertThat(agreement.get("reason").asString()).startsWith("no variation");
        assertThat(agreement.at("/pairwise/0/rate").asDouble()).isEqualTo(1.0);
    }

    @Test
    void a_family_that_fails_loses_only_its_own_verdict_and_says_why() throws Exception {
        Function<LlmRequest, String> down = request -> {
            throw new PermanentException("the provider answered 401");
        };
        List<ResultRow> rows = rate(suite(family("win"), List.of(new JudgeFamily("anthropic:claude-sonnet-4-5",
                new ScriptedGateway(down)))), 1);

        assertThat(rows.getFirst().get("sxs_paper")).isEqualTo("win");
        assertThat(rows.getFirst().get("sxs_paper_by")).isEqualTo(Map.of("openai:gpt-4.1",
                Map.of("verdict", "win", "generated_first", "win", "generated_second", "win")));
        assertThat(String.valueOf(rows.getFirst().get("autoraters_skipped")))
                .contains("side-by-side by anthropic:claude-sonnet-4-5: the judge failed: the provider answered 401");
    }

    @Test
    void results_from_before_families_were_named_read_as_one_family() throws Exception {
        Path caseDir = dir.resolve("old");
        Files.createDirectories(caseDir.resolve(AutoraterSuite.DIR));
        Files.writeString(caseDir.resolve(AutoraterSuite.DIR).resolve("sxs_paper.json"), """
                {"generatedFirst":{"verdict":"win"},"generatedSecond":{"verdict":"tie"},"verdict":"win"}""");

        var columns = AutoraterSuite.columns(caseDir);

        assertThat(columns).containsEntry("sxs_paper", "win").doesNotContainKey("sxs_paper_by");
        CaseEntry entry = new CaseEntry("old", 1, "old-abc123-1", CaseState.COMPLETE, T0, T0, null, null, null, 0,
                null);
        assertThat(BenchAggregates.of(List.of(ResultRow.of(entry, null, null, columns)), Map.of())
                .at("/sideBySide/sxs_paper/judgeAgreement/reason").asString()).startsWith("one judge family:");
    }
}
