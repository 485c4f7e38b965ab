package dev.paperorchestra.refine.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelReviserTest {

    private static final String LOG = "| Method | AbsRel |\n|---|---|\n| Ours | 0.085 |";
    private static final String MAP = "{\"generatedBy\": \"x\", \"keys\": {\"eigen2014\": {\"title\": \"Depth Map "
            + "Prediction\", \"year\": 2014, \"abstract\": \"long abstract text\"}}}";
    private static final RevisionInput INPUT = new RevisionInput("paper-1", 1,
            "\\begin{document}draft\\end{document}", "{\"Overall\": 5}", MAP, LOG);

    /** Answers every call with a fixed text and remembers the requests. */
    private static final class StubGateway implements LlmGateway {

        private final String answer;
        private final List<LlmRequest> requests = new ArrayList<>();

        StubGateway(String answer) {
            this.answer = answer;
        }

        @Override
        public LlmResponse call(LlmRequest request) {
            requests.add(request);
            return new LlmResponse(answer, "stub", "m1", 10, 10, false);
        }

    }

    @Test
    void asks_the_planner_with_the_log_the_review_and_the_citation_keys_but_not_their_abstracts() {
        StubGateway gateway = new StubGateway("```latex\n\\begin{document}revised\\end{document}\n```");

        new ModelReviser(gateway, "refine-agent").revise(INPUT);

        assertThat(gateway.requests).singleElement().satisfies(request -> {
            assertThat(request.role()).isEqualTo(LlmRole.PLANNER);
            assertThat(request.user()).contains(LOG, "{\"Overall\": 5}", "- eigen2014: Depth Map Prediction (2014)")
                    .doesNotContain("long abstract text");
            assertThat(request.system()).contains("experimental log", "future work", "limitation",
                    "citation list", "complete document");
        });
    }

    @Test
    void reads_the_worklog_block_and_the_latex_block() {
        String answer = "Here is the revision.\n```json\n{\"addressed_weaknesses\": [\"w1\"], "
                + "\"integrated_answers\": [\"q1\"], \"actions_taken\": [\"a1\"]}\n```\n```latex\n"
                + "\\begin{document}revised\\end{document}\n```\n";

        Revision revision = ModelReviser.parse(answer, "stub/m1");

        assertThat(revision).isEqualTo(new Revision("\\begin{document}revised\\end{document}", List.of("w1"),
                List.of("q1"), List.of("a1"), "stub/m1"));
    }

    @Test
    void reads_one_json_object_that_carries_the_latex() {
        String answer = "{\"latex\": \"\\\\begin{document}revised\\\\end{document}\", "
                + "\"addressed_weaknesses\": [\"w1\"], \"integrated_answers\": [], \"actions_taken\": [\"a1\"]}";

        Revision revision = ModelReviser.parse(answer, "stub/m1");

        assertThat(revision.tex()).isEqualTo("\\begin{document}revised\\end{document}");
        assertThat(revision.addressedWeaknesses()).containsExactly("w1");
    }

    @Test
    void an_answer_without_worklog_fields_says_so_and_leaves_the_latex_to_the_checks() {
        Revision revision = ModelReviser.parse("```latex\n\\section{Intro} only\n```", "stub/m1");

        assertThat(revision.tex()).isEqualTo("\\section{Intro} only");
        assertThat(revision.actionsTaken()).containsExactly("the reviser's answer carried no worklog fields");
        assertThat(revision.addressedWeaknesses()).isEmpty();
    }
}
