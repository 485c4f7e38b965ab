package dev.paperorchestra.writer.sections;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.writer.ScriptedGateway;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Model mode gets the materials as the paper model reads them, and the template without its sample content. */
class ModelWriterPromptTest {

    @Test
    void the_prompt_carries_the_parsed_materials_and_the_filled_template() {
        String template = OfflinePaperShapeTest.KIT_TEMPLATE;
        ScriptedGateway gateway = new ScriptedGateway("```latex\n" + template + "\n```");

        new ModelSectionWriter(gateway, "writer-agent").write("p1", new WriterInputs(template,
                OfflineWriterOnTheModelTest.BENCHMARK_IDEA, OfflineWriterOnTheModelTest.BENCHMARK_LOG, List.of()));

        String prompt = gateway.requests().getFirst().user();
        assertThat(prompt).contains("The paper's title (unless the template already has a real one): OccuNet: ",
                "The method's name: OccuNet", "PCN, TopNet, GRNet, PoinTr, SnowflakeNet, SeedFormer, AdaPoinTr, "
                        + "AnchorFormer", "\"Problem Statement\": problem",
                "columns Method | CD-ℓ₁ ↓ | IoU ↑; 9 rows");
        // the kit's sample author, stubs and markers never reach the model
        assertThat(prompt).doesNotContain("Jane Doe", "PLEASE UPDATE", "Lorem ipsum");
    }
}
