package dev.paperorchestra.reviewer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/** The panel's listener and gatherer start only where a review fans out: a panel of more than one seat. */
class PanelConfiguredTest {

    private final ApplicationContextRunner contexts = new ApplicationContextRunner()
            .withUserConfiguration(PanelOnly.class);

    @Test
    void a_single_reviewer_starts_no_panel_parts() {
        contexts.run(context -> assertThat(context).doesNotHaveBean("panelPart"));
        contexts.withPropertyValues("po.reviewer.panel-size=1")
                .run(context -> assertThat(context).doesNotHaveBean("panelPart"));
    }

    @Test
    void a_panel_of_the_one_model_starts_them() {
        contexts.withPropertyValues("po.reviewer.panel-size=3")
                .run(context -> assertThat(context).hasBean("panelPart"));
    }

    @Test
    void a_panel_of_named_members_starts_them() {
        contexts.withPropertyValues("po.reviewer.panel[0].provider=openai", "po.reviewer.panel[1].provider=anthropic")
                .run(context -> assertThat(context).hasBean("panelPart"));
    }

    @Configuration(proxyBeanMethods = false)
    static class PanelOnly {

        @Bean
        @Conditional(PanelConfigured.class)
        String panelPart() {
            return "started";
        }
    }
}
