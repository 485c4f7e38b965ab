package dev.paperorchestra.outline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.validation.Validation;
import jakarta.validation.ValidatorFactory;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.validation.ValidationBindHandler;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.validation.beanvalidation.SpringValidatorAdapter;

class OutlineAgentPropertiesTest {

    private final ValidatorFactory validation = Validation.buildDefaultValidatorFactory();

    @AfterEach
    void close() {
        validation.close();
    }

    @Test
    void defaults_plan_six_figures_at_four_by_three_with_two_repairs() {
        assertThat(bind(Map.of())).isEqualTo(new OutlineAgentProperties(6, "4:3", 2));
    }

    @Test
    void binds_relaxed_names() {
        assertThat(bind(Map.of("po.outline.max-figures", "3", "po.outline.default-aspect-ratio", "16:9",
                "po.outline.max-repairs", "0"))).isEqualTo(new OutlineAgentProperties(3, "16:9", 0));
    }

    @Test
    void rejects_an_aspect_ratio_outside_the_spec() {
        assertThatThrownBy(() -> bind(Map.of("po.outline.default-aspect-ratio", "5:3")))
                .isInstanceOf(BindException.class).hasStackTraceContaining("defaultAspectRatio");
    }

    private OutlineAgentProperties bind(Map<String, String> properties) {
        Binder binder = new Binder(new MapConfigurationPropertySource(properties));
        return binder.bindOrCreate("po.outline", Bindable.of(OutlineAgentProperties.class),
                new ValidationBindHandler(new SpringValidatorAdapter(validation.getValidator())));
    }
}
