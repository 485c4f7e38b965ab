package dev.paperorchestra.embedded.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.runtime.gateway.KafkaUsageLedger;
import dev.paperorchestra.gateway.usage.LlmUsage;
import dev.paperorchestra.schemas.topics.Topics;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25: the usage ledger's reader stopped for good when the broker answered more than its metadata timeout
 * (5 s) after the agent started, so budgets counted one instance's calls only. The reader here starts against a
 * port where no broker runs, its look-ups time out (300 ms stands for the production 5 s), then a broker starts
 * on that port and the reader must see another agent's call.
 */
class UsageLedgerLateBrokerIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path stateDir;

    @Test
    void the_usage_reader_keeps_asking_until_a_late_broker_answers_then_counts_other_agents_calls()
            throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        KafkaClientProperties kafka = KafkaClientProperties.of("127.0.0.1:" + port);
        try (KafkaUsageLedger refine = new KafkaUsageLedger(kafka, "refine-agent", Clock.systemUTC(),
                Duration.ofMillis(300), Duration.ofMillis(500))) {
            // five times the reader's metadata timeout: its first look-ups have timed out, as with a broker that
            // answered more than 5 s after the agent started
            await().pollDelay(Duration.ofMillis(1500)).atMost(WAIT).until(() -> true);

            try (EmbeddedKraftBroker broker = EmbeddedKraftBroker.start(stateDir, port)) {
                // the deployment creates its topics from the catalog; this broker creates none by itself
                try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                        broker.bootstrapServers()))) {
                    admin.createTopics(List.of(new NewTopic(Topics.LLM_USAGE.name(), 1, (short) 1))).all().get();
                }
                try (KafkaUsageLedger writer = new KafkaUsageLedger(KafkaClientProperties.of(
                        broker.bootstrapServers()), "writer-agent", Clock.systemUTC())) {
                    writer.record(new LlmUsage("late-broker-1", "writer-agent", "planner", "openai", "m", 100, 20,
                            0.01, false));

                    await().atMost(WAIT).untilAsserted(() ->
                            assertThat(refine.usage("late-broker-1").totals().tokens()).isEqualTo(120));
                    assertThat(refine.awaitCaughtUp(WAIT)).isTrue();
                    assertThat(refine.failedLookups()).as("look-ups before the broker ran").isPositive();
                }
            }
        }
    }
}
