package dev.paperorchestra.runtime.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class EventPublisherTest {

    @Test
    void a_group_of_as_many_records_as_partitions_lands_on_every_partition_once() {
        Set<Integer> partitions = new HashSet<>();
        IntStream.range(0, 16).forEach(index -> partitions.add(EventPublisher.spreadPartition("paper-7", index, 16)));

        assertThat(partitions).hasSize(16).allMatch(partition -> partition >= 0 && partition < 16);
    }

    @Test
    void a_larger_group_wraps_around_and_consecutive_records_never_share_a_partition() {
        for (int index = 0; index < 40; index++) {
            assertThat(EventPublisher.spreadPartition("paper-7", index, 12))
                    .isNotEqualTo(EventPublisher.spreadPartition("paper-7", index + 1, 12))
                    .isEqualTo(EventPublisher.spreadPartition("paper-7", index + 12, 12));
        }
    }

    @Test
    void groups_start_where_their_key_hashes() {
        long starts = IntStream.range(0, 50).map(paper -> EventPublisher.spreadPartition("paper-" + paper, 0, 16))
                .distinct().count();

        assertThat(starts).isGreaterThan(8);
    }
}
