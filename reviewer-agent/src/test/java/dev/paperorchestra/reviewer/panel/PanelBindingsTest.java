package dev.paperorchestra.reviewer.panel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.core.RoleBinding;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PanelBindingsTest {

    private static final Map<String, String> ENV = Map.of("ANTHROPIC_API_KEY", "ak-env-key", "GEMINI_API_KEY", "gk-env-key",
            "OPENAI_API_KEY", "ok-env-key");

    @Test
    void each_member_falls_back_as_the_reviewer_role_does() {
        LlmProperties llm = LlmProperties.defaults(ProviderKind.OPENAI, "http://127.0.0.1:9/v1", "local-model");
        List<PanelMember> panel = List.of(
                new PanelMember(ProviderKind.OPENAI, null, null, null, ReviewerFocus.METHODS, null),
                new PanelMember(ProviderKind.ANTHROPIC, "claude-x", null, null, ReviewerFocus.CLARITY, 0.5),
                new PanelMember(ProviderKind.GEMINI, null, "http://127.0.0.1:10", "gk-own-key", ReviewerFocus.GENERAL,
                        null));

        List<RoleBinding> bindings = PanelBindings.bindings(llm, panel, ENV::get);

        // the default provider's member inherits po.llm's model and endpoint
        assertThat(bindings.get(0)).satisfies(binding -> {
            assertThat(binding.role()).isEqualTo(LlmRole.REVIEWER);
            assertThat(binding.model()).isEqualTo("local-model");
            assertThat(binding.baseUrl()).isEqualTo("http://127.0.0.1:9/v1");
        });
        // another provider's member takes its own model, public endpoint and key variable
        assertThat(bindings.get(1)).satisfies(binding -> {
            assertThat(binding.kind()).isEqualTo(ProviderKind.ANTHROPIC);
            assertThat(binding.model()).isEqualTo("claude-x");
            assertThat(binding.apiKey()).isEqualTo("ak-env-key");
            assertThat(binding.temperature()).isEqualTo(0.5);
            assertThat(binding.problem()).isEmpty();
        });
        assertThat(bindings.get(2)).satisfies(binding -> {
            assertThat(binding.model()).isEqualTo("gemini-2.5-pro");
            assertThat(binding.baseUrl()).isEqualTo("http://127.0.0.1:10");
            assertThat(binding.apiKey()).isEqualTo("gk-own-key");
        });
    }

    @Test
    void a_member_without_a_key_is_a_problem_named_for_its_provider() {
        LlmProperties llm = LlmProperties.defaults(ProviderKind.OPENAI, null, null);

        RoleBinding binding = PanelBindings.binding(llm, new PanelMember(ProviderKind.ANTHROPIC, null, null, null,
                ReviewerFocus.GENERAL, null), name -> null);

        assertThat(binding.problem()).hasValueSatisfying(problem -> assertThat(problem)
                .contains("no API key for anthropic", "ANTHROPIC_API_KEY"));
    }

    @Test
    void a_member_prints_without_its_key() {
        PanelMember member = new PanelMember(ProviderKind.OPENAI, "gpt-x", null, "sk-secret", ReviewerFocus.EVIDENCE,
                null);

        assertThat(member.toString()).doesNotContain("sk-secret").contains("openai:gpt-x (evidence)");
    }
}
