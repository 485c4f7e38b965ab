package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ModelLatenciesTest {

    @Test
    void a_step_given_a_mean_takes_it_and_the_others_keep_their_defaults() {
        ModelLatencies latencies = ModelLatencies.of(Map.of("write", Duration.ofSeconds(200)), 0.5);

        assertThat(latencies.mean("write")).isEqualTo(Duration.ofSeconds(200));
        assertThat(latencies.mean("revise")).isEqualTo(ModelLatencies.DEFAULT_MEANS.get("revise"));
        assertThat(latencies.sigma()).isEqualTo(0.5);
    }

    @Test
    void a_sigma_of_zero_draws_the_mean_itself() {
        ModelLatencies latencies = ModelLatencies.of(Map.of("review", Duration.ofSeconds(42)), 0);

        assertThat(latencies.draw("review", new Random(1))).isEqualTo(Duration.ofSeconds(42));
    }

    @Test
    void draws_scatter_around_the_steps_mean() {
        ModelLatencies latencies = ModelLatencies.defaults();
        Random random = new Random(7);

        double meanMillis = IntStream.range(0, 20_000).mapToLong(i -> latencies.draw("search", random).toMillis())
                .average().orElseThrow();

        double stepMean = latencies.mean("search").toMillis();
        assertThat(meanMillis).isBetween(0.95 * stepMean, 1.05 * stepMean);
    }

    @Test
    void the_nth_call_of_a_step_draws_the_same_latency_whatever_other_steps_drew_before_it() {
        ModelLatencies latencies = ModelLatencies.defaults();
        ModelLatencies.Draws quiet = latencies.draws(12);
        List<Duration> writes = IntStream.range(0, 3).mapToObj(i -> quiet.next("write")).toList();

        ModelLatencies.Draws busy = latencies.draws(12);
        List<Duration> interleaved = IntStream.range(0, 3).mapToObj(i -> {
            IntStream.range(0, 17).forEach(j -> busy.next("search"));
            return busy.next("write");
        }).toList();

        assertThat(interleaved).as("the same writes, fifty-one searches drawn between them").isEqualTo(writes);
        assertThat(writes).doesNotHaveDuplicates();
        assertThat(latencies.draws(13).next("write")).as("another seed").isNotEqualTo(writes.getFirst());
    }

    @Test
    void an_unknown_step_or_a_mean_that_is_not_positive_is_refused_naming_what_there_is() {
        assertThatThrownBy(() -> ModelLatencies.of(Map.of("writing", Duration.ofSeconds(1)), 0.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'writing'")
                .hasMessageContaining("chart-spec, critic, draft-literature, outline, repair, review, revise, search, "
                        + "write");
        assertThatThrownBy(() -> ModelLatencies.of(Map.of("write", Duration.ZERO), 0.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be positive");
        assertThatThrownBy(() -> ModelLatencies.of(Map.of(), -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sigma");
    }
}
