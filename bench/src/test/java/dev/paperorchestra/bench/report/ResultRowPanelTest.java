package dev.paperorchestra.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.bench.run.CaseEntry;
import dev.paperorchestra.bench.run.CaseState;
import dev.paperorchestra.model.summary.RunSummary;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultRowPanelTest {

    private static final Instant T0 = Instant.parse("2025-01-10T10:00:00Z");

    private static ResultRow row(String refinement) {
        return ResultRow.of(new CaseEntry("cvpr-a", 1, "cvpr-a-1", CaseState.COMPLETE, T0.plusSeconds(30), T0, null,
                null), RunSummary.parse("{\"mode\":\"model\",\"paperId\":\"cvpr-a-1\",\"refinement\":" + refinement + "}"), "cases/a",
                Map.of());
    }

    @Test
    void a_case_row_carries_its_panels_agreement_and_the_bench_aggregates_it_over_cases() {
        ResultRow a = row("""
                {"iterations":1,"panel":{"meanWithinOne":0.75,"reviews":[
                  {"review":"reviews/iteration-0.json","agreement":{"members":3,"decisions":{"singleMatchingPanel":2}},
                   "absent":[{"Seat":"reviewer 3","Reason":"503"}]},
                  {"review":"reviews/iteration-1.json","agreement":{"members":3,"decisions":{"singleMatchingPanel":3}}}]}}""");
        ResultRow b = row("""
                {"iterations":1,"panel":{"meanWithinOne":0.25,"reviews":[
                  {"review":"reviews/iteration-0.json","agreement":{"members":2,"decisions":{"singleMatchingPanel":1}}}]}}""");

        assertThat(a.get("panel_within_one")).isEqualTo(0.75);
        assertThat(a.get("panel_single_matching")).isEqualTo(Math.round(1000.0 * 5 / 6) / 1000.0);
        assertThat(a.get("panel_absent_seats")).isEqualTo(1L);
        assertThat(BenchAggregates.of(List.of(a, b), Map.of()).at("/metrics/panel_within_one/mean").asDouble())
                .isEqualTo(0.5);
    }

    @Test
    void a_case_without_a_panel_has_no_panel_columns() {
        ResultRow single = row("{\"iterations\":1,\"finalOverall\":4.0}");

        assertThat(single.columns()).doesNotContainKeys("panel_within_one", "panel_single_matching",
                "panel_absent_seats");
    }
}
