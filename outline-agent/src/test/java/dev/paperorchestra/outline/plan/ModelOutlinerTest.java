package dev.paperorchestra.outline.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.outline.materials.MaterialsValidator;
import dev.paperorchestra.outline.materials.ParsedMaterials;
import dev.paperorchestra.outline.schema.OutlineValidator;
import dev.paperorchestra.outline.testing.Examples;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.UnconfiguredLlmGateway;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.schemas.PaperContext;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.io.TempDir;

class ModelOutlinerTest {

    private static final OutlineValidator VALIDATOR = new OutlineValidator();

    @TempDir
    Path tmp;
    private ParsedMaterials materials;
    private PaperContext context;
    private String valid;

    @BeforeEach
    void setUp() {
        BlobStore blobs = new LocalBlobStore(tmp);
        context = Examples.upload(Examples.CVPR, "paper-1", blobs);
        materials = new MaterialsValidator(blobs, MaterialsLimits.defaults()).read(context.getMaterials());
        valid = Json.mapper().writeValueAsString(new OfflineOutliner(6, "4:3").outline(materials, Examples.offline()));
    }

    @Test
    void asks_the_planner_with_the_outline_schema() {
        ScriptedGateway gateway = new ScriptedGateway(valid);

        String outline = new ModelOutliner(gateway, VALIDATOR, 2, "outline-agent").outline(materials, context);

        assertThat(outline).isEqualTo(valid);
        assertThat(gateway.requests).singleElement().satisfies(request -> {
            assertThat(request.role()).isEqualTo(LlmRole.PLANNER);
            assertThat(request.paperId()).isEqualTo("paper-1");
            assertThat(request.schema()).hasValueSatisfying(schema -> assertThat(schema).contains("plotting_plan"));
            assertThat(request.user()).contains("=== idea.md ===").contains("GlimpseDepth");
        });
    }

    @Test
    void sends_violations_back_for_repair() {
        ScriptedGateway gateway = new ScriptedGateway("{\"plotting_plan\": []}", valid);

        String outline = new ModelOutliner(gateway, VALIDATOR, 2, "outline-agent").outline(materials, context);

        assertThat(outline).isEqualTo(valid);
        assertThat(gateway.requests).hasSize(2);
        assertThat(gateway.requests.get(1).user()).contains("- section_plan: is required");
    }

    @Test
    void a_recorded_answer_with_a_guessed_citation_hint_is_repaired() {
        ObjectNode guessed = (ObjectNode) Json.mapper().readTree(valid);
        ((ArrayNode) guessed.at("/section_plan").findParents("citation_hints").getFirst().get("citation_hints"))
                .add("probably Smith et al. on depth");
        ScriptedGateway gateway = new ScriptedGateway(Json.mapper().writeValueAsString(guessed), valid);

        String outline = new ModelOutliner(gateway, VALIDATOR, 2, "outline-agent").outline(materials, context);

        assertThat(outline).isEqualTo(valid);
        assertThat(gateway.requests.get(1).user()).contains("must read \"Author (Exact Title)\"",
                "probably Smith et al. on depth");
    }

    @Test
    void fails_the_paper_when_repairs_run_out() {
        ScriptedGateway gateway = new ScriptedGateway("{}", "{}", "{}", valid);

        assertThatThrownBy(() -> new ModelOutliner(gateway, VALIDATOR, 2, "outline-agent").outline(materials, context))
                .isInstanceOf(PermanentException.class)
                .hasMessageStartingWith("the planner's outline is still invalid after 2 repair(s): ")
                .hasMessageContaining("plotting_plan: is required");
        assertThat(gateway.requests).hasSize(3);
    }

    @Test
    void fails_clearly_without_a_model_provider() {
        assertThatThrownBy(() -> new ModelOutliner(new UnconfiguredLlmGateway(), VALIDATOR, 2, "outline-agent")
                .outline(materials, context))
                .isInstanceOf(PermanentException.class).hasMessageContaining("no model provider is configured");
    }

    /** Answers with the given texts in order and records every request. */
    private static final class ScriptedGateway implements LlmGateway {

        private final Deque<String> answers;
        private final List<LlmRequest> requests = new ArrayList<>();

        ScriptedGateway(String... answers) {
            this.answers = new ArrayDeque<>(List.of(answers));
        }

        @Override
        public LlmResponse call(LlmRequest request) {
            requests.add(request);
            return new LlmResponse(answers.removeFirst(), "scripted", "scripted-1", 10, 10, false);
        }

    }
}
