package dev.paperorchestra.schemas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TenantsTest {

    @Test
    void a_paper_without_a_recorded_tenant_belongs_to_the_default_tenant() {
        assertThat(Tenants.of(null)).isEqualTo(Tenants.DEFAULT);
        assertThat(Tenants.of(" ")).isEqualTo(Tenants.DEFAULT);
        assertThat(Tenants.of("lab-a")).isEqualTo("lab-a");
    }

    @Test
    void a_tenant_name_is_a_short_lower_case_label_and_anything_else_is_refused_naming_where() {
        assertThat(Tenants.requireValid("lab-a.vision_2", "tokens")).isEqualTo("lab-a.vision_2");

        assertThatThrownBy(() -> Tenants.requireValid("Lab A", "po.service.tokens entry 1"))
                .hasMessageStartingWith("po.service.tokens entry 1: 'Lab A' is not a tenant name");
        assertThatThrownBy(() -> Tenants.requireValid("x".repeat(64), "claim tenant"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Tenants.requireValid("-lab", "claim tenant"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
