package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Side-by-side judgement of the generated text against the human one (SPEC.md section 5), asked twice with
 * the two in swapped positions so a judge's preference for the first or second slot cancels out. Two wins,
 * or a win and a tie, is a win; a win and a loss, or two ties, a tie; anything else a loss.
 */
public final class SideBySideJudge {

    /** What is compared. */
    public enum Scope {
        PAPER("whole papers: scientific depth, technical execution, logical flow, clarity, presentation of "
                + "evidence and academic style"),
        LITERATURE("literature reviews (introduction and related work): framing, coverage, synthesis, "
                + "positioning and readability");

        private final String criteria;

        Scope(String criteria) {
            this.criteria = criteria;
        }
    }

    /** The generated text's result. */
    public enum Verdict {
        WIN, TIE, LOSS;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    static final String SCHEMA = """
            {"type":"object","additionalProperties":false,"required":["winner","reasoning"],
             "properties":{"winner":{"type":"string","enum":["paper_1","paper_2","tie"]},
                           "reasoning":{"type":"string"}}}""";

    private final LlmGateway gateway;

    public SideBySideJudge(LlmGateway gateway) {
        this.gateway = gateway;
    }

    /** Both judgements and the combined verdict for the generated text. */
    public ObjectNode judge(String paperId, Scope scope, String generated, String reference) {
        JsonNode first = ask(paperId, scope, generated, reference);
        JsonNode second = ask(paperId, scope, reference, generated);
        Verdict asFirst = fromSlot(first.path("winner").asString(), "paper_1");
        Verdict asSecond = fromSlot(second.path("winner").asString(), "paper_2");
        ObjectNode out = Json.mapper().createObjectNode();
        out.putObject("generatedFirst").put("verdict", asFirst.label()).set("answer", first);
        out.putObject("generatedSecond").put("verdict", asSecond.label()).set("answer", second);
        out.put("verdict", combine(asFirst, asSecond).label());
        return out;
    }

    static Verdict combine(Verdict a, Verdict b) {
        int wins = (a == Verdict.WIN ? 1 : 0) + (b == Verdict.WIN ? 1 : 0);
        int ties = (a == Verdict.TIE ? 1 : 0) + (b == Verdict.TIE ? 1 : 0);
        int losses = 2 - wins - ties;
        if (wins == 2 || wins == 1 && ties == 1) {
            return Verdict.WIN;
        }
        if (wins == 1 && losses == 1 || ties == 2) {
            return Verdict.TIE;
        }
        return Verdict.LOSS;
    }

    private static Verdict fromSlot(String winner, String generatedSlot) {
        if (winner.equals("tie")) {
            return Verdict.TIE;
        }
        return winner.equals(generatedSlot) ? Verdict.WIN : Verdict.LOSS;
    }

    private JsonNode ask(String paperId, Scope scope, String paper1, String paper2) {
        String system = "You compare two " + scope.criteria + ". Both were written from the same research "
                + "materials. Answer which is better overall, paper_1 or paper_2, or tie when neither is clearly "
                + "better; explain briefly.";
        // asked in both orders, so no paper leads every call: both are the per-call part
        Prompt user = Prompt.builder().task("=== paper_1 ===\n" + paper1 + "\n\n=== paper_2 ===\n" + paper2).build();
        return Json.mapper().readTree(gateway.call(new LlmRequest(paperId, "bench", LlmRole.REVIEWER, system, user,
                SCHEMA, List.of(), 0.0)).text());
    }
}
