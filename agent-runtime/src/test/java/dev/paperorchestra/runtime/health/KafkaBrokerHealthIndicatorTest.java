package dev.paperorchestra.runtime.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/** Against an address nothing listens on; the way back UP is tested in cli's BrokerReadinessIT. */
class KafkaBrokerHealthIndicatorTest {

    private static final Duration TIMEOUT = Duration.ofMillis(300);

    private final AtomicInteger adminsCreated = new AtomicInteger();
    private final int port = freePort();

    @Test
    void is_down_naming_the_timeout_when_no_broker_answers() {
        try (KafkaBrokerHealthIndicator indicator = indicator(Clock.systemUTC(), Duration.ZERO)) {
            Health health = indicator.health();

            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(health.getDetails().get("error").toString())
                    .startsWith("Kafka cluster did not answer within PT0.3S: TimeoutException");
        }
    }

    @Test
    void reuses_an_answer_within_the_check_interval_and_asks_again_after_it() {
        MutableClock clock = new MutableClock();
        try (KafkaBrokerHealthIndicator indicator = indicator(clock, Duration.ofSeconds(10))) {
            Health first = indicator.health();
            clock.advance(Duration.ofSeconds(9));
            Health second = indicator.health();
            clock.advance(Duration.ofSeconds(1));
            Health third = indicator.health();

            assertThat(second).isSameAs(first);
            assertThat(third).isNotSameAs(first);
            assertThat(adminsCreated).hasValue(1);
        }
    }

    private KafkaBrokerHealthIndicator indicator(Clock clock, Duration checkEvery) {
        return new KafkaBrokerHealthIndicator(() -> {
            adminsCreated.incrementAndGet();
            return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + port,
                    AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis(),
                    AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis()));
        }, new AgentHealthProperties(TIMEOUT, checkEvery), clock);
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final class MutableClock extends Clock {

        private Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
