package dev.paperorchestra.gateway.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.gateway.LlmProperties.ProviderKind;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

class ProviderBulkheadsTest {

    private static final ProviderEndpoint SERVER = new ProviderEndpoint(ProviderKind.OPENAI, "m", "http://local/v1");

    @Test
    void a_caller_beyond_the_limit_is_turned_away_retriably_while_the_slots_are_busy() throws Exception {
        ProviderBulkheads bulkheads = new ProviderBulkheads(1, Duration.ofMillis(50));
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try (ExecutorService executor = Executors.newSingleThreadExecutor()) {
            executor.submit(() -> bulkheads.run(SERVER, () -> {
                inside.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return "first";
            }));
            inside.await();

            assertThatThrownBy(() -> bulkheads.run(SERVER, () -> "second"))
                    .isInstanceOf(RetriableException.class).hasMessageContaining("po.llm.max-concurrency=1");
            release.countDown();
        }
        assertThat(bulkheads.run(SERVER, () -> "third")).isEqualTo("third");
    }

    @Test
    void models_of_one_server_share_its_slots_and_other_servers_do_not() throws Exception {
        ProviderBulkheads bulkheads = new ProviderBulkheads(1, Duration.ofMillis(50));
        ProviderEndpoint otherModel = new ProviderEndpoint(ProviderKind.OPENAI, "other", "http://local/v1");
        ProviderEndpoint otherServer = new ProviderEndpoint(ProviderKind.OPENAI, "m", "http://remote/v1");

        String answer = bulkheads.run(SERVER, () -> {
            assertThatThrownBy(() -> bulkheads.run(otherModel, () -> "x")).isInstanceOf(RetriableException.class);
            return bulkheads.run(otherServer, () -> "nested");
        });

        assertThat(answer).isEqualTo("nested");
    }
}
