package dev.paperorchestra.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.json.Json;
import org.junit.jupiter.api.Test;

class LoadSimulationTest {

    @Test
    void counts_as_resolved_by_semantic_scholar_only_what_its_requests_resolved() {
        assertThat(LoadSimulation.resolvedBySemanticScholar(Json.mapper().readTree(
                "{\"scholar\":{\"source\":\"semantic-scholar\",\"requests\":2,\"resolved\":7}}"))).isEqualTo(7);
        assertThat(LoadSimulation.resolvedBySemanticScholar(Json.mapper().readTree(
                "{\"scholar\":{\"source\":\"offline-replay\",\"requests\":0,\"replayLookups\":4,\"resolved\":7}}")))
                .isZero();
    }
}
