package dev.paperorchestra.runtime.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.runtime.logging.PaperLogContext;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

class StageBudgetTest {

    private static final Duration MODEL_REQUEST = StageBudget.modelRequest(Duration.ofMinutes(5), 5,
            Duration.ofSeconds(60));

    @Test
    void one_model_request_at_worst_times_out_every_attempt_and_waits_the_longest_back_off_between_them() {
        assertThat(MODEL_REQUEST).isEqualTo(Duration.ofMinutes(29));
        assertThat(StageBudget.modelRequest(Duration.ofSeconds(10), 1, Duration.ofMinutes(1)))
                .isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void unset_the_budget_is_one_model_request_plus_the_agents_allowances() {
        try (StageBudget budget = StageBudget.of(null, MODEL_REQUEST,
                List.of(new StageAllowance("compiles", Duration.ofMinutes(3))), "writer")) {
            assertThat(budget.budget()).isEqualTo(Duration.ofMinutes(32));
        }
    }

    @Test
    void the_poll_interval_outlasts_the_budget_and_the_transaction_timeout_stays_within_the_broker_maximum() {
        try (StageBudget longBudget = StageBudget.of(null, MODEL_REQUEST, List.of(), "writer");
                StageBudget shortBudget = StageBudget.of(Duration.ofMinutes(2), Duration.ofSeconds(30), List.of(),
                        "outline")) {
            assertThat(longBudget.maxPollInterval()).isEqualTo(Duration.ofMinutes(30));
            assertThat(longBudget.transactionTimeout()).isEqualTo(StageBudget.BROKER_MAX_TRANSACTION_TIMEOUT);
            assertThat(shortBudget.maxPollInterval()).isEqualTo(Duration.ofMinutes(3));
            assertThat(shortBudget.transactionTimeout()).isEqualTo(Duration.ofMinutes(3));
        }
    }

    @Test
    void rejects_a_configured_budget_shorter_than_a_model_request_and_the_allowances_naming_both() {
        assertThatThrownBy(() -> StageBudget.of(Duration.ofMinutes(10), Duration.ofMinutes(8),
                List.of(new StageAllowance("the draft's compiles (po.writer.compile-timeout)", Duration.ofMinutes(3))),
                "writer"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("po.kafka.stage-budget=PT10M")
                .hasMessageContaining("one model request with its retries (PT8M)")
                .hasMessageContaining("po.writer.compile-timeout")
                .hasMessageContaining("= PT11M");
    }

    @Test
    void work_within_the_budget_returns_its_result_with_the_paper_in_the_logging_context() {
        try (StageBudget budget = StageBudget.of(Duration.ofSeconds(30), Duration.ofSeconds(1), List.of(), "writer")) {
            String paperInContext = budget.run("p1", () -> MDC.get(PaperLogContext.PAPER_ID));

            assertThat(paperInContext).isEqualTo("p1");
        }
    }

    @Test
    void failures_of_the_work_keep_their_type_so_the_taxonomy_still_decides() {
        try (StageBudget budget = StageBudget.of(Duration.ofSeconds(30), Duration.ofSeconds(1), List.of(), "writer")) {
            assertThatThrownBy(() -> budget.run("p1", () -> {
                throw new RetriableException("provider busy");
            })).isExactlyInstanceOf(RetriableException.class).hasMessage("provider busy");
            assertThatThrownBy(() -> budget.run("p1", () -> {
                throw new PermanentException("bad outline");
            })).isExactlyInstanceOf(PermanentException.class).hasMessage("bad outline");
        }
    }

    @Test
    void work_that_outlasts_the_budget_is_interrupted_and_fails_the_paper_permanently() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        try (StageBudget budget = StageBudget.of(Duration.ofSeconds(1), Duration.ofMillis(500), List.of(), "writer")) {
            assertThatThrownBy(() -> budget.run("p-hang", () -> {
                try {
                    never.await();
                } catch (InterruptedException e) {
                    interrupted.set(true);
                } finally {
                    stopped.countDown();
                }
                return "too late";
            })).isInstanceOf(StageBudgetExceededException.class).isInstanceOf(PermanentException.class)
                    .hasMessageContaining("paper p-hang")
                    .hasMessageContaining("budget of PT1S (po.kafka.stage-budget)");
        }
        assertThat(stopped.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(interrupted).isTrue();
    }
}
