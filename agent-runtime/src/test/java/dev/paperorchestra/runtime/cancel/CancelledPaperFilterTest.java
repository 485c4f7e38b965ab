package dev.paperorchestra.runtime.cancel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class CancelledPaperFilterTest {

    private final PaperCancellations cancellations = Set.of("paper-7")::contains;
    private final CancelledPaperFilter<String, String> filter = new CancelledPaperFilter<>(cancellations);

    @Test
    void skips_every_record_of_a_cancelled_paper_whether_keyed_by_paper_or_by_task() {
        assertThat(filter.filter(new ConsumerRecord<>("paper-outlines", 0, 3L, "paper-7", "outline"))).isTrue();
        assertThat(filter.filter(new ConsumerRecord<>("plot-tasks", 2, 9L, "paper-7/fig-1", "task"))).isTrue();
    }

    @Test
    void lets_other_papers_through() {
        assertThat(filter.filter(new ConsumerRecord<>("paper-outlines", 0, 4L, "paper-8", "outline"))).isFalse();
        assertThat(filter.filter(new ConsumerRecord<>("plot-tasks", 0, 5L, "paper-70/fig-1", "task"))).isFalse();
    }

    @Test
    void a_step_checking_a_cancelled_paper_stops_with_a_cancellation_found_through_wrapping() {
        assertThatThrownBy(() -> cancellations.checkNotCancelled("paper-7", "compiling"))
                .isInstanceOf(PaperCancelledException.class)
                .hasMessage("paper paper-7 was cancelled; stopped before compiling");
        assertThat(PaperCancelledException.isCancellation(
                new IllegalStateException("listener failed", new PaperCancelledException("paper-7", "x")))).isTrue();
        assertThat(PaperCancelledException.isCancellation(new IllegalStateException("other"))).isFalse();
    }
}
