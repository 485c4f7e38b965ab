package dev.paperorchestra.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.gateway.LlmProperties.CacheMode;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.LlmRole;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ProviderSettingsTest {

    private static ModelOptions options(String... args) {
        ModelOptions options = new ModelOptions();
        new CommandLine(options).parseArgs(args);
        return options;
    }

    @Test
    void an_openai_compatible_base_url_from_the_options_serves_every_role() {
        ProviderSettings settings = ProviderSettings.resolve(
                options("--llm", "openai", "--llm-base-url", "http://127.0.0.1:8000/v1", "--llm-model", "qwen"),
                false, Map.of());

        assertThat(settings.offline()).isFalse();
        assertThat(settings.bindings()).hasSize(LlmRole.values().length);
        assertThat(settings.bindings().values()).allSatisfy(binding -> {
            assertThat(binding.kind()).isEqualTo(ProviderKind.OPENAI);
            assertThat(binding.baseUrl()).isEqualTo("http://127.0.0.1:8000/v1");
            assertThat(binding.model()).isEqualTo("qwen");
        });
    }

    @Test
    void environment_variables_configure_providers_per_role_as_in_a_deployment() {
        ProviderSettings settings = ProviderSettings.resolve(options(), false, Map.of(
                "PO_LLM_PROVIDER", "openai", "OPENAI_API_KEY", "sk-test-key-1",
                "PO_LLM_ROLES_SEARCHER_PROVIDER", "gemini", "GEMINI_API_KEY", "g-test-key-1",
                "PO_LLM_CACHE_MODE", "replay-only"));

        assertThat(settings.bindings().get(LlmRole.PLANNER).kind()).isEqualTo(ProviderKind.OPENAI);
        assertThat(settings.bindings().get(LlmRole.SEARCHER).kind()).isEqualTo(ProviderKind.GEMINI);
        assertThat(settings.bindings().get(LlmRole.SEARCHER).model()).isEqualTo("gemini-2.5-pro");
        assertThat(settings.properties().cache().mode()).isEqualTo(CacheMode.REPLAY_ONLY);
    }

    @Test
    void the_options_win_over_the_environment() {
        ProviderSettings settings = ProviderSettings.resolve(options("--llm", "anthropic"), false,
                Map.of("PO_LLM_PROVIDER", "openai", "ANTHROPIC_API_KEY", "a-test-key-1"));

        assertThat(settings.bindings().get(LlmRole.REVIEWER).kind()).isEqualTo(ProviderKind.ANTHROPIC);
    }

    @Test
    void offline_as_a_provider_means_an_offline_job() {
        assertThat(ProviderSettings.resolve(options("--llm", "offline"), false, Map.of()).offline()).isTrue();
        assertThat(ProviderSettings.resolve(options(), true, Map.of("PO_LLM_PROVIDER", "openai")).offline())
                .isTrue();
    }

    @Test
    void no_provider_is_refused_with_the_ways_to_configure_one() {
        assertThatThrownBy(() -> ProviderSettings.resolve(options(), false, Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--llm").hasMessageContaining("PO_LLM_PROVIDER").hasMessageContaining("--offline");
    }

    @Test
    void a_public_endpoint_without_its_key_is_refused_naming_the_variable() {
        assertThatThrownBy(() -> ProviderSettings.resolve(options("--llm", "gemini"), false, Map.of()))
                .hasMessageContaining("GEMINI_API_KEY");
    }

    @Test
    void a_local_openai_compatible_server_needs_no_key() {
        assertThat(ProviderSettings.resolve(options("--llm", "openai", "--llm-base-url", "http://localhost:11434/v1"),
                false, Map.of()).offline()).isFalse();
    }

    @Test
    void offline_together_with_a_model_provider_is_a_contradiction() {
        assertThatThrownBy(() -> ProviderSettings.resolve(options("--llm", "openai"), true, Map.of()))
                .hasMessageContaining("contradict");
    }

    @Test
    void an_unknown_provider_name_is_refused_without_echoing_values() {
        assertThatThrownBy(() -> ProviderSettings.resolve(options(), false, Map.of("PO_LLM_PROVIDER", "gpt")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("po.llm.provider");
    }

    @Test
    void the_options_reach_every_agent_as_llm_properties() {
        assertThat(options("--llm", "openai", "--llm-base-url", "http://127.0.0.1:8000/v1", "--llm-model", "qwen")
                .springArgs()).containsExactly("--po.llm.provider=openai",
                        "--po.llm.base-url=http://127.0.0.1:8000/v1", "--po.llm.model=qwen");
        assertThat(options().springArgs()).isEmpty();
    }
}
