package dev.paperorchestra.reviewer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.reviewer.review.ReviewFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class ReviewerAgentPropertiesTest {

    private static ReviewerAgentProperties bind(Map<String, String> values) {
        return new Binder(new MapConfigurationPropertySource(values))
                .bindOrCreate("po.reviewer", ReviewerAgentProperties.class);
    }

    @Test
    void defaults_to_a_single_conference_review_at_the_reference_temperature_with_page_images() {
        assertThat(bind(Map.of())).isEqualTo(new ReviewerAgentProperties(ReviewFormat.CONFERENCE, 0.75, 1, 0.2, 8,
                110));
    }

    @Test
    void binds_the_agent_review_format_and_a_panel_as_an_environment_would_give_them() {
        ReviewerAgentProperties properties = bind(Map.of("po.reviewer.format", "agent-review",
                "po.reviewer.panel-size", "3", "po.reviewer.page-images", "0"));

        assertThat(properties.format()).isEqualTo(ReviewFormat.AGENT_REVIEW);
        assertThat(properties.panelSize()).isEqualTo(3);
        assertThat(properties.pageImages()).isZero();
    }
}
