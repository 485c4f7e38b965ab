package dev.paperorchestra.schemas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.schemas.topics.TopicLayout;
import dev.paperorchestra.schemas.topics.Topics;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TopicLayoutTest {

    @Test
    void every_topic_has_a_dead_letter_twin_with_the_same_partitions() {
        TopicLayout catalog = TopicLayout.defaults();

        assertThat(catalog.definitions()).hasSize(Topics.ALL.size() * 2);
        assertThat(catalog.partitions("literature-search-tasks-dlt")).isEqualTo(12);
    }

    @Test
    void partition_counts_come_from_configuration() {
        TopicLayout catalog = TopicLayout.withPartitions(Map.of("plot-tasks", 24));

        assertThat(catalog.partitions("plot-tasks")).isEqualTo(24);
        assertThat(catalog.partitions("plot-tasks-dlt")).isEqualTo(24);
    }

    @Test
    void the_verify_topic_stays_at_one_partition() {
        assertThat(TopicLayout.defaults().partitions("citation-verify-requests")).isEqualTo(1);
        assertThatThrownBy(() -> TopicLayout.withPartitions(Map.of("citation-verify-requests", 3)))
                .hasMessageContaining("citation-verify-requests").hasMessageContaining("1 partition");
    }

    @Test
    void an_unknown_topic_in_configuration_is_an_error() {
        assertThatThrownBy(() -> TopicLayout.withPartitions(Map.of("paper-request", 3)))
                .hasMessageContaining("unknown topic 'paper-request'");
    }

    @Test
    void status_scholar_cache_batches_cancellations_and_views_are_compacted() {
        assertThat(TopicLayout.defaults().definitions()).filteredOn(TopicLayout.TopicDefinition::compacted)
                .extracting(TopicLayout.TopicDefinition::name).containsExactlyInAnyOrder("paper-status",
                        "scholar-cache", "llm-batches", "paper-cancellations", "paper-views");
    }

    @Test
    void every_event_type_has_exactly_one_topic() {
        assertThat(Topics.ALL).extracting(t -> t.valueType()).doesNotHaveDuplicates();
    }
}
