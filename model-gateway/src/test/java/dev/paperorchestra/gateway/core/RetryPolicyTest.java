package dev.paperorchestra.gateway.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.gateway.LlmProperties.Retry;
import dev.paperorchestra.gateway.provider.ProviderHttpException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

    private static final Retry SETTINGS = new Retry(6, Duration.ofSeconds(1), Duration.ofSeconds(5), 0.2,
            Duration.ofSeconds(30));

    private final List<Duration> sleeps = new ArrayList<>();

    @Test
    void back_off_doubles_from_the_initial_wait_up_to_the_cap() {
        RetryPolicy policy = new RetryPolicy(SETTINGS, sleeps::add, () -> 0.5);

        assertThat(List.of(policy.backoff(0), policy.backoff(1), policy.backoff(2), policy.backoff(3)))
                .containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4),
                        Duration.ofSeconds(5));
    }

    @Test
    void jitter_moves_each_wait_by_at_most_its_share_either_way() {
        assertThat(new RetryPolicy(SETTINGS, sleeps::add, () -> 0.0).backoff(1)).isEqualTo(Duration.ofMillis(1600));
        assertThat(new RetryPolicy(SETTINGS, sleeps::add, () -> 1.0).backoff(1)).isEqualTo(Duration.ofMillis(2400));
    }

    @Test
    void a_retry_after_longer_than_the_allowed_wait_hands_the_stage_back_to_kafka() {
        RetryPolicy policy = new RetryPolicy(SETTINGS, sleeps::add, () -> 0.5);
        AtomicInteger attempts = new AtomicInteger();

        assertThatThrownBy(() -> policy.run("call", kind -> { }, () -> {
            attempts.incrementAndGet();
            throw new ProviderHttpException(429, "slow down", Duration.ofMinutes(10));
        })).isInstanceOf(RetriableException.class).hasMessageContaining("asked to wait 600 s");
        assertThat(attempts).hasValue(1);
        assertThat(sleeps).isEmpty();
    }

    @Test
    void tells_the_listener_the_cause_of_every_retry() {
        RetryPolicy policy = new RetryPolicy(SETTINGS, sleeps::add, () -> 0.5);
        List<String> causes = new ArrayList<>();
        AtomicInteger attempts = new AtomicInteger();

        String answer = policy.run("call", causes::add, () -> {
            if (attempts.incrementAndGet() == 1) {
                throw new ProviderHttpException(502, "bad gateway", null);
            }
            return "ok";
        });

        assertThat(answer).isEqualTo("ok");
        assertThat(causes).containsExactly("server-error");
    }
}
