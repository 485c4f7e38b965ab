package dev.paperorchestra.reviewer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.reviewer.panel.ReviewerFocus;
import dev.paperorchestra.reviewer.review.ReviewFormat;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class ReviewerAgentPropertiesTest {

    private static ReviewerAgentProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values))
                .bindOrCreate("po.reviewer", ReviewerAgentProperties.class);
    }

    @Test
    void defaults_to_a_single_conference_review_at_the_reference_temperature_with_page_images() {
        assertThat(bind(Map.of())).isEqualTo(ReviewerAgentProperties.sameModel(ReviewFormat.CONFERENCE, 0.75, 1, 0.2, 8,
                110));
    }

    @Test
    void unset_the_panel_is_the_one_configured_reviewer_model_on_rubric_v1() {
        ReviewerAgentProperties properties = bind(Map.of());

        assertThat(properties.panel()).isEmpty();
        assertThat(properties.seats()).isEqualTo(1);
        assertThat(properties.quorum()).isEqualTo(1);
        assertThat(properties.rubric()).isEqualTo("v1");
        assertThat(properties.disagreementSpread()).isEqualTo(2);
    }

    @Test
    void binds_the_agent_review_format_and_a_panel_as_an_environment_would_give_them() {
        ReviewerAgentProperties properties = bind(Map.of("po.reviewer.format", "agent-review",
                "po.reviewer.panel-size", "3", "po.reviewer.page-images", "0"));

        assertThat(properties.format()).isEqualTo(ReviewFormat.AGENT_REVIEW);
        assertThat(properties.panelSize()).isEqualTo(3);
        assertThat(properties.pageImages()).isZero();
        assertThat(properties.quorum()).isEqualTo(2);
    }

    @Test
    void binds_a_panel_of_members_with_provider_model_and_focus() {
        ReviewerAgentProperties properties = bind(Map.of(
                "po.reviewer.panel[0].provider", "openai", "po.reviewer.panel[0].model", "gpt-4.1",
                "po.reviewer.panel[0].focus", "methods",
                "po.reviewer.panel[1].provider", "anthropic", "po.reviewer.panel[1].focus", "related-work",
                "po.reviewer.panel[2].provider", "gemini", "po.reviewer.panel[2].temperature", "0.3"));

        assertThat(properties.panel()).hasSize(3);
        assertThat(properties.panel().get(0).provider()).isEqualTo(ProviderKind.OPENAI);
        assertThat(properties.panel().get(0).model()).isEqualTo("gpt-4.1");
        assertThat(properties.panel().get(1).focus()).isEqualTo(ReviewerFocus.RELATED_WORK);
        assertThat(properties.panel().get(2).focus()).isEqualTo(ReviewerFocus.GENERAL);
        assertThat(properties.panel().get(2).temperature()).isEqualTo(0.3);
        assertThat(properties.seats()).isEqualTo(3);
        assertThat(properties.quorum()).isEqualTo(2);
    }

    @Test
    void a_panel_and_a_panel_size_contradict_each_other() {
        assertThatThrownBy(() -> bind(Map.of("po.reviewer.panel[0].provider", "openai",
                "po.reviewer.panel-size", "3"))).isInstanceOf(BindException.class)
                .rootCause().hasMessageContaining("give one of them");
    }

    @Test
    void a_member_must_name_a_model_provider_and_the_quorum_must_fit_the_panel() {
        assertThatThrownBy(() -> bind(Map.of("po.reviewer.panel[0].provider", "offline")))
                .isInstanceOf(BindException.class).rootCause().hasMessageContaining("provider must be openai");
        assertThatThrownBy(() -> bind(Map.of("po.reviewer.panel[0].focus", "methods")))
                .isInstanceOf(BindException.class).rootCause().hasMessageContaining("names its provider");
        assertThatThrownBy(() -> bind(Map.of("po.reviewer.panel[0].provider", "openai",
                "po.reviewer.min-reviewers", "2"))).isInstanceOf(BindException.class)
                .rootCause().hasMessageContaining("min-reviewers is 2 but the panel has 1 seat(s)");
    }
}
