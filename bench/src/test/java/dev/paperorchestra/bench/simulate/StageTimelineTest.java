package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StageTimelineTest {

    private static final Instant T0 = Instant.parse("2026-11-24T10:00:00Z");
    private final StageTimeline timeline = new StageTimeline();

    private void status(String paperId, String stage, StageState state, double atSeconds) {
        timeline.record(PaperStatusChangedEvent.newBuilder().setPaperId(paperId).setStage(stage)
                .setAgent(stage + "-agent").setState(state).setMessage("")
                .setOccurredAt(T0.plusMillis(Math.round(atSeconds * 1000))).build());
    }

    private void stage(String paperId, String stage, double from, double to) {
        status(paperId, stage, StageState.STARTED, from);
        status(paperId, stage, StageState.COMPLETED, to);
    }

    @Test
    void the_measured_critical_path_chains_the_stages_with_the_longer_of_literature_and_plotting() {
        stage("p1", "outline", 0, 2);
        stage("p1", "literature", 3, 10);
        stage("p1", "plotting", 3, 7);
        // the writer waited a second for its inputs: the wait is not on the path
        stage("p1", "writer", 11, 15);
        stage("p1", "refinement", 15, 20);

        assertThat(timeline.criticalPathSeconds("p1")).hasValue(2 + 7 + 4 + 5);
        assertThat(timeline.stageSeconds("p1")).containsExactly(Map.entry("outline", 2.0),
                Map.entry("literature", 7.0), Map.entry("plotting", 4.0), Map.entry("writer", 4.0),
                Map.entry("refinement", 5.0));
    }

    @Test
    void a_stage_that_reports_no_start_starts_when_its_last_input_completed() {
        stage("p1", "outline", 0, 2);
        stage("p1", "literature", 3, 10);
        stage("p1", "plotting", 3, 7);
        status("p1", "writer", StageState.COMPLETED, 15);

        assertThat(timeline.stageSeconds("p1")).containsEntry("writer", 5.0);
        assertThat(timeline.criticalPathSeconds("p1")).hasValue(2 + 7 + 5);
    }

    @Test
    void a_stage_runs_from_its_first_start_to_its_last_completion_and_notices_change_nothing() {
        status("p1", "refinement", StageState.STARTED, 0);
        status("p1", "refinement", StageState.NOTICE, 1);
        status("p1", "refinement", StageState.COMPLETED, 4);
        status("p1", "refinement", StageState.STARTED, 5);
        status("p1", "refinement", StageState.COMPLETED, 9);

        assertThat(timeline.criticalPathSeconds("p1")).hasValue(9);
    }

    @Test
    void a_paper_without_a_completed_stage_has_no_measured_path_and_papers_are_kept_apart() {
        status("p1", "outline", StageState.STARTED, 0);
        stage("p2", "outline", 0, 3);

        assertThat(timeline.criticalPathSeconds("p1")).isEmpty();
        assertThat(timeline.criticalPathSeconds("unknown")).isEmpty();
        assertThat(timeline.criticalPathSeconds("p2")).hasValue(3);
    }
}
