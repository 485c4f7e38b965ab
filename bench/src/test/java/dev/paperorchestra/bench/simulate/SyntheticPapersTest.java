package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.outline.schema.OutlineValidator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SyntheticPapersTest {

    private static final Path EXAMPLE = Path.of("..", "examples", "iclr-adaptive-optim");

    @Test
    void plans_a_paper_it_did_not_generate_from_the_materials_and_sections_the_request_carries() throws IOException {
        Prompt.Materials materials = new Prompt.Materials(Files.readString(EXAMPLE.resolve("idea.md")),
                Files.readString(EXAMPLE.resolve("experimental_log.md")));
        String request = Prompt.builder().materials(materials)
                .reading("Template sections: Introduction, Related Work, Method, Experiments, Conclusion\n\n"
                        + "=== conference_guidelines.md ===\nNine pages.").build().text();

        String outline = SyntheticPapers.outlineFromRequest(request).orElseThrow();

        assertThat(new OutlineValidator().validate(outline)).isEmpty();
        assertThat(Json.mapper().readTree(outline).path("section_plan").toString())
                .contains("Method", "Experiments", "Conclusion");
    }

    @Test
    void plans_nothing_for_a_request_without_materials() {
        assertThat(SyntheticPapers.outlineFromRequest("Template sections: Method\n\nWrite an outline.")).isEmpty();
    }
}
