package dev.paperorchestra.literature.drafting;

import static dev.paperorchestra.literature.Fixtures.accepted;
import static dev.paperorchestra.literature.Fixtures.candidate;
import static dev.paperorchestra.literature.Fixtures.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.literature.registry.CitationRegistry;
import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.runtime.llm.LlmGateway;
import dev.paperorchestra.runtime.llm.LlmRequest;
import dev.paperorchestra.runtime.llm.LlmResponse;
import dev.paperorchestra.runtime.llm.LlmRole;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelLiteratureDrafterTest {

    private static final String TEMPLATE = """
            \\documentclass{article}
            \\begin{document}
            \\section{Introduction}
            \\section{Related Work}
            \\end{document}
            """;

    private final CitationRegistry registry = CitationRegistry.build(List.of(accepted(candidate("Deep Nets").build(),
            record("s1", "Deep Nets").setAuthors(List.of("Kaiming He")).build())));

    private static ModelLiteratureDrafter answering(String json) {
        LlmGateway gateway = new LlmGateway() {
            @Override
            public LlmResponse call(LlmRequest request) {
                return new LlmResponse(json, "stub", "stub-model", 10, 10, false);
            }

            @Override
            public boolean isAvailable(LlmRole role) {
                return true;
            }
        };
        return new ModelLiteratureDrafter(gateway, "literature-agent", 0.9);
    }

    @Test
    void writes_both_sections_and_reports_the_keys_they_cite() {
        LiteratureDraft draft = answering("""
                {"introduction": "Depth matters~\\\\cite{he2020deep}.", "relatedWork": "Prior work."}""")
                .draft("p1", TEMPLATE, "{}", registry);

        assertThat(draft.sections()).containsExactly("Introduction", "Related Work");
        assertThat(draft.cited()).containsExactly("he2020deep");
    }

    @Test
    void refuses_a_key_outside_the_pool_in_any_cite_command() {
        ModelLiteratureDrafter drafter = answering("""
                {"introduction": "See \\\\parencite{he2020deep,invented2024}.", "relatedWork": ""}""");

        assertThatThrownBy(() -> drafter.draft("p1", TEMPLATE, "{}", registry)).isInstanceOf(PermanentException.class)
                .hasMessageContaining("[invented2024]");
    }
}
