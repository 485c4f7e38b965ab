package dev.paperorchestra.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JobDefaultsTest {

    @Test
    void the_schema_default_of_the_iteration_limit_is_the_one_the_code_uses() {
        assertThat(JobOptions.getClassSchema().getField("refineIterationLimit").defaultVal())
                .isEqualTo(JobDefaults.REFINE_ITERATIONS);
        assertThat(JobOptions.newBuilder().build().getRefineIterationLimit()).isEqualTo(JobDefaults.REFINE_ITERATIONS);
    }
}
