package dev.paperorchestra.bench.autorate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.LlmRole;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 42: {@code po bench --judge PROVIDER:MODEL[@BASE_URL]} names another side-by-side judge family. */
class JudgeSpecTest {

    @Test
    void a_provider_and_model_with_an_optional_endpoint_are_read() {
        assertThat(JudgeSpec.parse("anthropic:claude-sonnet-4-5"))
                .isEqualTo(new JudgeSpec("anthropic", "claude-sonnet-4-5", null));
        assertThat(JudgeSpec.parse("OpenAI:qwen@http://127.0.0.1:8000/v1"))
                .isEqualTo(new JudgeSpec("openai", "qwen", "http://127.0.0.1:8000/v1"));
        // an '@' that does not start an endpoint belongs to the model
        assertThat(JudgeSpec.parse("anthropic:claude-sonnet@20250929").model()).isEqualTo("claude-sonnet@20250929");
        assertThat(JudgeSpec.parse("gemini:gemini-2.5-pro").label()).isEqualTo("gemini:gemini-2.5-pro");
    }

    @Test
    void bad_values_are_refused_naming_the_value_and_what_is_wrong() {
        assertThatThrownBy(() -> JudgeSpec.parse("claude")).hasMessageContaining("--judge 'claude'")
                .hasMessageContaining("PROVIDER:MODEL");
        assertThatThrownBy(() -> JudgeSpec.parse("mistral:large")).hasMessageContaining("unknown provider 'mistral'");
        assertThatThrownBy(() -> JudgeSpec.parse("openai:")).hasMessageContaining("model is missing");
        assertThatThrownBy(() -> JudgeSpec.parse("openai:qwen@http://")).hasMessageContaining("base URL");
        assertThatThrownBy(() -> JudgeSpec.parseAll(List.of("gemini:g", "gemini:g"), "openai:gpt-4.1"))
                .hasMessageContaining("given twice");
        assertThatThrownBy(() -> JudgeSpec.parseAll(List.of("openai:gpt-4.1"), "openai:gpt-4.1"))
                .hasMessageContaining("already the first judge family");
    }

    @Test
    void a_family_takes_its_key_from_its_providers_variable_and_nothing_of_the_deployments_models() {
        var settings = new JudgeSpec("anthropic", "claude-sonnet-4-5", null).settings(Map.of(
                "PO_LLM_PROVIDER", "openai", "PO_LLM_MODEL", "gpt-4.1", "PO_LLM_API_KEY", "sk-openai-key-1",
                "PO_LLM_ROLES_REVIEWER_MODEL", "o3", "ANTHROPIC_API_KEY", "a-test-key-1",
                "PO_LLM_CACHE_MODE", "replay-only"));

        var reviewer = settings.bindings().get(LlmRole.REVIEWER);
        assertThat(reviewer.kind()).isEqualTo(ProviderKind.ANTHROPIC);
        assertThat(reviewer.model()).isEqualTo("claude-sonnet-4-5");
        assertThat(reviewer.apiKey()).isEqualTo("a-test-key-1");
        assertThat(settings.properties().cache().mode().name()).isEqualTo("REPLAY_ONLY");
    }

    @Test
    void a_family_without_its_key_is_refused_naming_the_variable() {
        assertThatThrownBy(() -> new JudgeSpec("gemini", "gemini-2.5-pro", null).settings(Map.of(
                "PO_LLM_PROVIDER", "openai", "PO_LLM_API_KEY", "sk-openai-key-1")))
                .hasMessage("--judge gemini:gemini-2.5-pro: no API key for gemini: set GEMINI_API_KEY");
    }
}
