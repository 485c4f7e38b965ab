package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.model.summary.RunSummary;
import org.junit.jupiter.api.Test;

class LoadSimulationTest {

    @Test
    void counts_as_resolved_by_semantic_scholar_what_its_requests_resolved_and_its_cache_answered() {
        assertThat(LoadSimulation.resolvedBySemanticScholar(new RunSummary.Scholar("semantic-scholar", 2, 0, 0, 7,
                3.5))).isEqualTo(7);
        assertThat(LoadSimulation.resolvedBySemanticScholar(new RunSummary.Scholar("semantic-scholar", 0, 0, 5, 0,
                null))).isEqualTo(5);
        assertThat(LoadSimulation.resolvedBySemanticScholar(new RunSummary.Scholar("offline-replay", 0, 4, 0, 7,
                null))).isZero();
    }

    @Test
    void gives_every_changeable_topic_as_many_partitions_as_consumer_threads_and_leaves_the_fixed_ones() {
        assertThat(LoadSimulation.partitionArgs(16)).contains("--po.kafka.partitions.paper-requests=16",
                "--po.kafka.partitions.draft-requests=16", "--po.kafka.partitions.literature-search-tasks=32")
                .noneMatch(arg -> arg.contains("citation-verify-requests") || arg.contains("scholar-cache"));
        assertThat(LoadSimulation.partitionArgs(8)).contains("--po.kafka.partitions.paper-drafts=8",
                "--po.kafka.partitions.literature-search-tasks=16");
        assertThat(LoadSimulation.partitionArgs(6)).noneMatch(arg -> arg.contains("literature-search-tasks"));
        assertThat(LoadSimulation.partitionArgs(3)).isEmpty();
    }
}
