package dev.paperorchestra.refine.loop;

import static dev.paperorchestra.refine.DraftFixtures.scores;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class WorklogTest {

    private static final WorklogEntry DECIDED = new WorklogEntry(1, List.of("w"), List.of("a"), List.of("did"),
            scores(6, 3), null, WorklogEntry.PENDING, "awaiting", "offline")
            .decided(scores(6, 3), new Decision.Keep("overall 6 -> 6, sub-axes +0: kept"));

    @Test
    void writes_the_fields_the_spec_names_in_snake_case() {
        JsonNode entry = Json.mapper().readTree(Worklog.toJson(List.of(DECIDED))).get(0);

        assertThat(entry.propertyNames()).containsExactly("iteration", "addressed_weaknesses", "integrated_answers",
                "actions_taken", "scores_before", "scores_after", "decision", "why", "generated_by");
        assertThat(entry.get("decision").asString()).isEqualTo("kept");
    }

    @Test
    void reads_back_what_it_writes() {
        WorklogEntry pending = new WorklogEntry(2, List.of(), List.of(), List.of(), scores(6, 3), null,
                WorklogEntry.PENDING, "awaiting", "offline");

        assertThat(Worklog.parse(Worklog.toJson(List.of(DECIDED, pending)))).containsExactly(DECIDED, pending);
    }

    @Test
    void an_empty_worklog_is_an_empty_list() {
        assertThat(Worklog.toJson(List.of()).strip()).isEqualTo("[ ]");
    }

    @Test
    void rejects_text_that_is_not_a_worklog() {
        assertThatThrownBy(() -> Worklog.parse("[{\"iteration\": 1}]")).isInstanceOf(PermanentException.class)
                .hasMessageContaining("worklog.json");
    }
}
