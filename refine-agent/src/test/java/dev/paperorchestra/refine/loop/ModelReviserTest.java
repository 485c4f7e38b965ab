package dev.paperorchestra.refine.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.runtime.llm.LlmGateway;
import dev.paperorchestra.runtime.llm.LlmRequest;
import dev.paperorchestra.runtime.llm.LlmResponse;
import dev.paperorchestra.runtime.llm.LlmRole;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelReviserTest {

    private static final String LOG = "| Method | AbsRel |\n|---|---|\n| Ours | 0.085 |";
    private static final RevisionInput INPUT = new RevisionInput("paper-1", 1,
            "\\begin{document}draft\\end{document}", "{\"Overall\": 5}", "{\"ref1\": {}}", LOG);

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

        @Override
        public boolean isAvailable(LlmRole role) {
            return true;
        }
    }

    @Test
    void gives_the_model_the_experimental_log_as_the_source_of_numbers() {
        StubGateway gateway = new StubGateway("{\"latex\": \"\\\\begin{document}revised\\\\end{document}\", "
                + "\"addressed_weaknesses\": [\"w1\"], \"integrated_answers\": [], \"actions_taken\": [\"a1\"]}");

        Revision revision = new ModelReviser(gateway, "refine-agent").revise(INPUT);

        assertThat(gateway.requests).singleElement().satisfies(request -> {
            assertThat(request.role()).isEqualTo(LlmRole.PLANNER);
            assertThat(request.user()).contains(LOG);
        });
        assertThat(revision.tex()).isEqualTo("\\begin{document}revised\\end{document}");
        assertThat(revision.addressedWeaknesses()).containsExactly("w1");
        assertThat(revision.generatedBy()).isEqualTo("stub/m1");
    }

    @Test
    void rejects_an_answer_that_is_not_a_complete_latex_document() {
        StubGateway gateway = new StubGateway("{\"latex\": \"\\\\section{Intro} only\", "
                + "\"addressed_weaknesses\": [], \"integrated_answers\": [], \"actions_taken\": []}");

        assertThatThrownBy(() -> new ModelReviser(gateway, "refine-agent").revise(INPUT))
                .isInstanceOf(PermanentException.class).hasMessageContaining("not a complete LaTeX document");
    }
}
