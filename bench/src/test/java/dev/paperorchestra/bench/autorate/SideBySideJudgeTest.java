package dev.paperorchestra.bench.autorate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.bench.autorate.SideBySideJudge.Scope;
import dev.paperorchestra.bench.autorate.SideBySideJudge.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SideBySideJudgeTest {

    private static final String ANSWER = "{\"winner\": \"%s\", \"reasoning\": \"r\"}";

    @Test
    void each_pair_is_judged_in_both_orders_with_the_texts_swapped() {
        ScriptedGateway model = new ScriptedGateway(request -> ANSWER.formatted("tie"));

        new SideBySideJudge(model).judge("p", Scope.PAPER, "GENERATED TEXT", "HUMAN TEXT");

        assertThat(model.requests).hasSize(2);
        assertThat(model.requests.get(0).user()).containsSubsequence("paper_1 ===\nGENERATED TEXT", "paper_2 ===\nHUMAN TEXT");
        assertThat(model.requests.get(1).user()).containsSubsequence("paper_1 ===\nHUMAN TEXT", "paper_2 ===\nGENERATED TEXT");
    }

    @Test
    void a_judge_that_always_prefers_the_first_slot_gives_a_tie() {
        ScriptedGateway model = new ScriptedGateway(request -> ANSWER.formatted("paper_1"));

        var result = new SideBySideJudge(model).judge("p", Scope.LITERATURE, "GENERATED", "HUMAN");

        assertThat(result.get("generatedFirst").get("verdict").asString()).isEqualTo("win");
        assertThat(result.get("generatedSecond").get("verdict").asString()).isEqualTo("loss");
        assertThat(result.get("verdict").asString()).isEqualTo("tie");
    }

    @Test
    void a_judge_that_prefers_the_generated_text_wherever_it_stands_gives_a_win() {
        ScriptedGateway model = new ScriptedGateway(request -> ANSWER.formatted(
                request.user().indexOf("GENERATED") < request.user().indexOf("HUMAN") ? "paper_1" : "paper_2"));

        var result = new SideBySideJudge(model).judge("p", Scope.PAPER, "GENERATED", "HUMAN");

        assertThat(result.get("verdict").asString()).isEqualTo("win");
    }

    // issue 42: the bench reads the judge's position bias from each order's verdict
    @Test
    void a_cases_result_columns_carry_each_orders_verdict(@TempDir Path caseDir) throws Exception {
        ScriptedGateway model = new ScriptedGateway(request -> ANSWER.formatted("paper_1"));
        var judged = new SideBySideJudge(model).judge("p", Scope.PAPER, "GENERATED", "HUMAN");
        Files.createDirectories(caseDir.resolve(AutoraterSuite.DIR));
        Files.writeString(caseDir.resolve(AutoraterSuite.DIR).resolve("sxs_paper.json"), judged.toString());

        var columns = AutoraterSuite.columns(caseDir);

        assertThat(columns).containsEntry("sxs_paper", "tie").containsEntry("sxs_paper_generated_first", "win")
                .containsEntry("sxs_paper_generated_second", "loss").doesNotContainKey("sxs_literature");
    }

    @Test
    void the_combination_rule_follows_the_spec() {
        assertThat(SideBySideJudge.combine(Verdict.WIN, Verdict.WIN)).isEqualTo(Verdict.WIN);
        assertThat(SideBySideJudge.combine(Verdict.WIN, Verdict.TIE)).isEqualTo(Verdict.WIN);
        assertThat(SideBySideJudge.combine(Verdict.TIE, Verdict.WIN)).isEqualTo(Verdict.WIN);
        assertThat(SideBySideJudge.combine(Verdict.WIN, Verdict.LOSS)).isEqualTo(Verdict.TIE);
        assertThat(SideBySideJudge.combine(Verdict.TIE, Verdict.TIE)).isEqualTo(Verdict.TIE);
        assertThat(SideBySideJudge.combine(Verdict.TIE, Verdict.LOSS)).isEqualTo(Verdict.LOSS);
        assertThat(SideBySideJudge.combine(Verdict.LOSS, Verdict.LOSS)).isEqualTo(Verdict.LOSS);
    }
}
