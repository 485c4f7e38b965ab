package dev.paperorchestra.gateway.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.gateway.LlmProperties;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.LlmProperties.RoleSettings;
import dev.paperorchestra.gateway.LlmRole;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RoleBindingTest {

    private static LlmProperties properties(Map<String, RoleSettings> roles) {
        return new LlmProperties(ProviderKind.OPENAI, "http://local:8000/v1/", "k-secret-key", "qwen", roles,
                Duration.ofMinutes(1), 2, 1024, 2, true, LlmProperties.Retry.DEFAULT,
                new LlmProperties.Cache(LlmProperties.CacheMode.READ_WRITE), new LlmProperties.Budget(0, 0), List.of(),
                "", 0.5, LlmProperties.Batch.OFF);
    }

    @Test
    void every_role_takes_the_defaults_and_the_reviewer_samples_at_the_reference_temperature() {
        var bindings = RoleBinding.resolve(properties(Map.of()), name -> null);

        assertThat(bindings.get(LlmRole.PLANNER).baseUrl()).isEqualTo("http://local:8000/v1");
        assertThat(bindings.get(LlmRole.PLANNER).temperature()).isNull();
        assertThat(bindings.get(LlmRole.REVIEWER).temperature()).isEqualTo(0.75);
    }

    @Test
    void a_role_with_another_provider_does_not_inherit_the_defaults_endpoint_model_or_key() {
        var bindings = RoleBinding.resolve(properties(Map.of("Searcher",
                new RoleSettings(ProviderKind.GEMINI, null, null, null, null))), name -> name.equals("GOOGLE_API_KEY")
                ? "g-key-12345" : null);

        RoleBinding searcher = bindings.get(LlmRole.SEARCHER);
        assertThat(searcher.baseUrl()).isEqualTo("https://generativelanguage.googleapis.com/v1beta");
        assertThat(searcher.model()).isEqualTo("gemini-2.5-pro");
        assertThat(searcher.apiKey()).isEqualTo("g-key-12345");
        assertThat(searcher.problem()).isEmpty();
    }

    @Test
    void an_unknown_role_name_is_refused() {
        assertThatThrownBy(() -> RoleBinding.resolve(properties(Map.of("writer",
                new RoleSettings(null, "m", null, null, null))), name -> null))
                .hasMessageContaining("po.llm.roles.writer").hasMessageContaining("planner");
    }

    @Test
    void the_description_never_contains_the_key() {
        var binding = RoleBinding.resolve(properties(Map.of()), name -> null).get(LlmRole.PLANNER);

        assertThat(binding.toString()).doesNotContain("k-secret-key").contains("planner -> openai qwen at http://local:8000/v1");
    }
}
