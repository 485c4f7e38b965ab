package dev.paperorchestra.runtime.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class KafkaUsageLedgerTest {

    @Test
    void is_not_caught_up_when_no_broker_answers_instead_of_failing_the_paper() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        try (KafkaUsageLedger ledger = new KafkaUsageLedger(KafkaClientProperties.of("127.0.0.1:" + closedPort),
                "refine-agent", Clock.systemUTC())) {
            assertThat(ledger.awaitCaughtUp(Duration.ofSeconds(1))).isFalse();
        }
    }
}
