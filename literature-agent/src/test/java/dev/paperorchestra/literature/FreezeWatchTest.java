package dev.paperorchestra.literature;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.base.errors.RetriableException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class FreezeWatchTest {

    private static final Duration SESSION_TIMEOUT = Duration.ofSeconds(10);
    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final FreezeWatch watch = new FreezeWatch(SESSION_TIMEOUT, now::get);

    @Test
    void a_poll_of_a_process_that_keeps_running_is_never_refused() {
        watch.pollStarted();
        for (int i = 0; i < 200; i++) {
            advance(FreezeWatch.TICK);
            watch.tick();
        }

        assertThatCode(watch::checkPoll).as("50 s of steady ticks").doesNotThrowAnyException();
    }

    @Test
    void a_standstill_longer_than_the_session_timeout_during_the_poll_hands_it_back() {
        watch.pollStarted();
        advance(Duration.ofSeconds(15));
        watch.tick();
        advance(FreezeWatch.TICK);
        watch.tick();

        assertThatThrownBy(watch::checkPoll).isInstanceOf(RetriableException.class)
                .hasMessageContaining("stood still for 15000 ms").hasMessageContaining("session timeout (10000 ms)");
    }

    @Test
    void a_thawed_verifier_is_refused_before_the_ticking_thread_has_run_again() {
        watch.pollStarted();
        advance(Duration.ofSeconds(12));

        assertThatThrownBy(watch::checkPoll).isInstanceOf(RetriableException.class)
                .hasMessageContaining("stood still for 12000 ms");
    }

    @Test
    void a_pause_shorter_than_the_session_timeout_keeps_the_poll() {
        watch.pollStarted();
        advance(Duration.ofSeconds(9));
        watch.tick();

        assertThatCode(watch::checkPoll).doesNotThrowAnyException();
    }

    @Test
    void the_poll_after_a_standstill_goes_on() {
        advance(Duration.ofSeconds(30));
        watch.tick();
        advance(FreezeWatch.TICK);
        watch.pollStarted();
        watch.tick();

        assertThatCode(watch::checkPoll).doesNotThrowAnyException();
    }

    private void advance(Duration by) {
        now.addAndGet(by.toNanos());
    }
}
