package dev.paperorchestra.embedded.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PipelineSettingsTest {

    @Test
    void reads_the_partition_counts_given_to_the_agents_from_the_extra_arguments() {
        PipelineSettings settings = new PipelineSettings(Path.of("state"), List.of(), List.of(
                "--po.kafka.partitions.plot-tasks=12", "--po.llm.provider=openai",
                "--po.kafka.partitions.paper-drafts=8", "--po.kafka.listener-concurrency=8"));

        assertThat(settings.partitionOverrides()).containsExactly(
                Map.entry("plot-tasks", 12), Map.entry("paper-drafts", 8));
    }

    @Test
    void gives_no_counts_when_the_arguments_name_none() {
        assertThat(new PipelineSettings(Path.of("state"), List.of(), List.of("--po.kafka.listener-concurrency=8"))
                .partitionOverrides()).isEmpty();
    }
}
