package dev.paperorchestra.refine.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelSectionEditorTest {

    private static final RevisionPlan.Point POINT = new RevisionPlan.Point(1, "evidence",
            "State the number of measurements", List.of("openai-methods", "anthropic-clarity"),
            List.of("Experiments"), List.of("reaches an AbsRel of 0.018"),
            List.of("State the number of measurements", "Say how many sparse points are used"));

    @Test
    void sends_one_section_with_the_point_every_wording_and_the_panels_split() {
        List<LlmRequest> requests = new ArrayList<>();
        ModelSectionEditor editor = new ModelSectionEditor(request -> {
            requests.add(request);
            return new LlmResponse("```json\n{\"edits\": [{\"section\": \"Experiments\", \"before\": \"\", "
                    + "\"after\": \"We use 200 points.\"}]}\n```", "anthropic", "claude", 10, 10, false);
        }, "refine-agent");

        SectionEditor.Proposal proposal = editor.propose(new SectionEditor.Request("paper-1", POINT,
                List.of(new RevisionPlan.Split("clarity", 3, Map.of("openai-methods", 2, "anthropic-clarity", 5))),
                "Experiments", "GlimpseDepth reaches an AbsRel of 0.018.", "ref1: Reference 1",
                new Prompt.Materials("GlimpseDepth idea.", "| points | 200 |")));

        assertThat(proposal.changes()).containsExactly(new SectionEditor.Change("Experiments", "",
                "We use 200 points."));
        assertThat(proposal.generatedBy()).isEqualTo("anthropic/claude");
        assertThat(requests).singleElement().satisfies(request -> {
            assertThat(request.role()).isEqualTo(LlmRole.PLANNER);
            assertThat(request.user()).startsWith(new Prompt.Materials("GlimpseDepth idea.", "| points | 200 |").text())
                    .contains("Meta-review point 1 (criterion evidence, raised by 2 reviewer(s))")
                    .contains("Say how many sparse points are used").contains("The panel is split on: clarity")
                    .contains("The section \"Experiments\" (LaTeX):\nGlimpseDepth reaches an AbsRel of 0.018.");
        });
    }

    @Test
    void an_unusable_answer_proposes_nothing() {
        assertThat(ModelSectionEditor.parse("I cannot help with that.")).isEmpty();
        assertThat(ModelSectionEditor.parse("```json\n{\"edits\": \"none\"}\n```")).isEmpty();
        assertThat(ModelSectionEditor.parse("{\"edits\": [{\"section\": \"Method\", \"after\": \"  \"}]}")).isEmpty();
        assertThat(ModelSectionEditor.parse("```json\n{\"edits\": [{\"after\": \"x\"}]}\n```"))
                .containsExactly(new SectionEditor.Change("", "", "x"));
    }
}
