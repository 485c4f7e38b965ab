package dev.paperorchestra.schemas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ApprovalGatesTest {

    @Test
    void a_list_is_read_in_pipeline_order_each_gate_once_in_any_case() {
        assertThat(ApprovalGates.parse(" Outline, outline ,")).containsExactly("outline");
        assertThat(ApprovalGates.parse("")).isEmpty();
    }

    @Test
    void an_unknown_gate_is_refused_by_name_and_every_gate_is_built() {
        assertThatThrownBy(() -> ApprovalGates.parse("outline,plan"))
                .hasMessageContaining("unknown approval gate 'plan'").hasMessageContaining("outline, citations");
        assertThat(ApprovalGates.check(List.of("final", "citations", "outline", "figures")))
                .containsExactly("outline", "citations", "figures", "final");
    }

    @Test
    void a_timeout_is_a_positive_iso_duration_within_the_maximum() {
        assertThat(ApprovalGates.timeout("pt72h")).isEqualTo(Duration.ofHours(72));
        assertThat(ApprovalGates.timeout("P3D")).isEqualTo(Duration.ofDays(3));
        assertThatThrownBy(() -> ApprovalGates.timeout("3 days")).hasMessageContaining("ISO-8601");
        assertThatThrownBy(() -> ApprovalGates.timeout("PT0S")).hasMessageContaining("out of range");
        assertThatThrownBy(() -> ApprovalGates.timeout("P91D")).hasMessageContaining("out of range");
    }

    @Test
    void a_job_asks_for_no_gate_unless_it_says_so() {
        assertThat(JobOptions.newBuilder().build().getApprovals()).isEmpty();
        assertThat(PaperContext.getClassSchema().getField("approvals").defaultVal()).isEqualTo(List.of());
    }
}
