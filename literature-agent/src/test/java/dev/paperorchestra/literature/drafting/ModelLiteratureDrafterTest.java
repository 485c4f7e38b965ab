package dev.paperorchestra.literature.drafting;

import static dev.paperorchestra.literature.Fixtures.accepted;
import static dev.paperorchestra.literature.Fixtures.candidate;
import static dev.paperorchestra.literature.Fixtures.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.literature.registry.CitationRegistry;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.schemas.CitationVerdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelLiteratureDrafterTest {

    private static final Prompt.Materials MATERIALS = new Prompt.Materials("An idea.", "A log.");
    private static final String TEMPLATE = """
            \\documentclass{article}
            \\begin{document}
            \\section{Introduction}
            \\section{Related Work}
            \\end{document}
            """;

    private final CitationRegistry registry = CitationRegistry.build(List.of(accepted(candidate("Deep Nets").build(),
            record("s1", "Deep Nets").setAuthors(List.of("Kaiming He")).build())));

    private final List<LlmRequest> requests = new ArrayList<>();

    /** A drafter whose model gives the answers in turn (the last one again when they run out). */
    private ModelLiteratureDrafter answering(String... answers) {
        LlmGateway gateway = new LlmGateway() {
            @Override
            public LlmResponse call(LlmRequest request) {
                requests.add(request);
                String json = answers[Math.min(requests.size(), answers.length) - 1];
                return new LlmResponse(json, "stub", "stub-model", 10, 10, false);
            }

        };
        return new ModelLiteratureDrafter(gateway, "literature-agent", 0.9, 2);
    }

    private static CitationRegistry pool(int size) {
        List<CitationVerdict> verdicts = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            verdicts.add(accepted(candidate("Paper " + i).setClusterTitle("Depth Completion").build(),
                    record("s" + i, "Paper number " + (char) ('a' + i)).setAuthors(List.of("Ada Lovelace"))
                            .setYear(2010 + i).build()));
        }
        return CitationRegistry.build(verdicts);
    }

    private static String citing(List<String> keys) {
        StringBuilder text = new StringBuilder();
        for (String key : keys) {
            text.append("Prior methods such as this one approach depth completion with learned propagation~\\\\cite{")
                    .append(key).append("}. ");
        }
        return "{\"introduction\": \"" + text + "\", \"relatedWork\": \"\"}";
    }

    @Test
    void writes_both_sections_and_reports_the_keys_they_cite() {
        LiteratureDraft draft = answering("""
                {"introduction": "Depth matters~\\\\cite{he2020deep}.", "relatedWork": "Prior work."}""")
                .draft("p1", TEMPLATE, "{}", MATERIALS, "2024-11", registry);

        assertThat(draft.sections()).containsExactly("Introduction", "Related Work");
        assertThat(draft.cited()).containsExactly("he2020deep");
    }

    @Test
    void refuses_a_key_outside_the_pool_in_any_cite_command_after_the_redrafts() {
        ModelLiteratureDrafter drafter = answering("""
                {"introduction": "See \\\\parencite{he2020deep,invented2024}.", "relatedWork": ""}""");

        assertThatThrownBy(() -> drafter.draft("p1", TEMPLATE, "{}", MATERIALS, null, registry))
                .isInstanceOf(PermanentException.class).hasMessageContaining("[invented2024]")
                .hasMessageContaining("after 3 drafts");
        assertThat(requests).hasSize(3);
        assertThat(requests.get(1).user()).contains("cites keys outside citation_map.json: [invented2024]");
    }

    @Test
    void redrafts_a_short_draft_naming_the_missing_keys() {
        CitationRegistry ten = pool(10);
        List<String> keys = ten.keys();

        LiteratureDraft draft = answering(citing(keys.subList(0, 7)), citing(keys)).draft("p1", TEMPLATE, "{}",
                MATERIALS, "2024-11", ten);

        assertThat(draft.cited()).containsExactlyInAnyOrderElementsOf(keys);
        assertThat(requests).hasSize(2);
        assertThat(requests.get(1).user()).contains("cites 7 of 10 verified papers")
                .contains(keys.subList(7, 10).toString());
    }

    @Test
    void sends_back_a_paragraph_that_only_lists_leftover_papers() {
        CitationRegistry ten = pool(10);
        List<String> keys = ten.keys();
        String padded = "{\"introduction\": \"Depth matters~\\\\cite{" + keys.getFirst() + "}.\\n\\nSee also~\\\\cite{"
                + String.join(",", keys.subList(1, 10)) + "}.\", \"relatedWork\": \"\"}";

        answering(padded, citing(keys)).draft("p1", TEMPLATE, "{}", MATERIALS, null, ten);

        assertThat(requests).hasSize(2);
        assertThat(requests.get(1).user()).contains("a paragraph only lists papers instead of discussing them");
    }

    @Test
    void gives_the_model_the_materials_first_the_outline_the_cutoff_and_what_each_paper_was_found_for() {
        Prompt.Materials materials = new Prompt.Materials("Depth from sparse points.", "| method | AbsRel |");
        answering(citing(registry.keys())).draft("p1", TEMPLATE, "{\"outline\":1}", materials, "2024-11", registry);

        LlmRequest request = requests.getFirst();
        assertThat(request.role()).isEqualTo(LlmRole.PLANNER);
        assertThat(request.user()).startsWith(materials.text()).contains("{\"outline\":1}", "Research cutoff: 2024-11",
                "he2020deep | 2020 | Computer Vision and Pattern Recognition | introduction | Deep Nets | An abstract.");
        assertThat(request.system()).contains("only when the experimental log reports a comparison",
                "only as concurrent work");
    }
}
