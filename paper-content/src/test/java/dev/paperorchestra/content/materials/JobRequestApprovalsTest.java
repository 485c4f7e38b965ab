package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.JobOptions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Approval gates and their timeout: from the request, else job.json; unknown or unbuilt gates refused by name. */
class JobRequestApprovalsTest {

    private final List<MaterialsProblem> problems = new ArrayList<>();

    @Test
    void no_gate_unless_asked() {
        JobOptions options = new JobRequest(null, null, null, null, true).resolve(null, MaterialsLimits.defaults(),
                problems);

        assertThat(problems).isEmpty();
        assertThat(options.getApprovals()).isEmpty();
        assertThat(options.getApprovalTimeout()).isNull();
    }

    @Test
    void the_request_wins_over_job_json() {
        JobOptions options = new JobRequest(null, null, null, null, true, "outline", "pt2h").resolve(
                "{\"approvals\": [], \"approvalTimeout\": \"P1D\"}", MaterialsLimits.defaults(), problems);

        assertThat(problems).isEmpty();
        assertThat(options.getApprovals()).containsExactly("outline");
        assertThat(options.getApprovalTimeout()).isEqualTo("PT2H");
    }

    @Test
    void job_json_gives_the_gates_as_an_array_or_a_list() {
        JobOptions array = new JobRequest(null, null, null, null, true).resolve(
                "{\"approvals\": [\"outline\"], \"approvalTimeout\": \"P1D\"}", MaterialsLimits.defaults(), problems);
        JobOptions text = new JobRequest(null, null, null, null, true).resolve("{\"approvals\": \"outline\"}",
                MaterialsLimits.defaults(), problems);

        assertThat(problems).isEmpty();
        assertThat(array.getApprovals()).containsExactly("outline");
        assertThat(array.getApprovalTimeout()).isEqualTo("PT24H");
        assertThat(text.getApprovals()).containsExactly("outline");
    }

    @Test
    void an_unknown_gate_a_gate_not_built_a_bad_timeout_and_a_wrong_type_are_named() {
        new JobRequest(null, null, null, null, true, "outline,plan", null).resolve(null, MaterialsLimits.defaults(),
                problems);
        new JobRequest(null, null, null, null, true, "final,citations", "soon").resolve(null, MaterialsLimits.defaults(),
                problems);
        new JobRequest(null, null, null, null, true).resolve("{\"approvals\": 3}", MaterialsLimits.defaults(),
                problems);

        assertThat(problems).extracting(MaterialsProblem::file).containsExactly("--approvals",
                "--approval-timeout", JobRequest.JOB_FILE);
        assertThat(problems).extracting(MaterialsProblem::problem).satisfiesExactly(
                plan -> assertThat(plan).contains("unknown approval gate 'plan'"),
                timeout -> assertThat(timeout).contains("ISO-8601"),
                type -> assertThat(type).contains("approvals must be an array of gate names"));
    }

    @Test
    void options_arriving_in_a_job_are_checked_again() {
        JobOptions tampered = JobOptions.newBuilder().setApprovals(List.of("everything")).setApprovalTimeout("P1Y")
                .build();

        assertThat(JobRequest.checkRanges(tampered, MaterialsLimits.defaults())).extracting(MaterialsProblem::file)
                .containsExactly("approvals", "approvalTimeout");
    }
}
