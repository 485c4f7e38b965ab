package dev.paperorchestra.cli.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.schemas.topics.TopicLayout;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class BrokerCommandIT {

    private static final Pattern BOOTSTRAP = Pattern.compile("broker up at (127\\.0\\.0\\.1:\\d+)");

    @TempDir
    Path stateDir;

    @Test
    void serves_every_catalog_topic_until_stopped_and_keeps_them_across_restarts() throws Exception {
        Running first = start();
        Set<String> expected = TopicLayout.defaults().definitions().stream().map(definition -> definition.name())
                .collect(Collectors.toSet());
        try (Admin admin = admin(first.bootstrap())) {
            assertThat(admin.listTopics().names().get()).containsAll(expected);
            TopicDescription verify = admin.describeTopics(Set.of("citation-verify-requests")).allTopicNames().get()
                    .get("citation-verify-requests");
            assertThat(verify.partitions()).hasSize(1);
        }
        assertThat(first.stop()).isZero();
        assertThat(first.output()).contains("po broker: stopped");
        assertThat(stateDir.resolve("kafka")).isDirectory();

        Running second = start();
        try (Admin admin = admin(second.bootstrap())) {
            assertThat(admin.listTopics().names().get()).containsAll(expected);
        }
        assertThat(second.stop()).isZero();
    }

    @Test
    void refuses_a_port_out_of_range() throws Exception {
        BrokerCommand command = new BrokerCommand();
        new CommandLine(command).parseArgs("--port", "70000", "--state-dir", stateDir.toString());
        assertThat(command.serve(new PrintStream(new ByteArrayOutputStream()), new CountDownLatch(0)))
                .isEqualTo(BrokerCommand.BAD_INPUT);
    }

    private Running start() {
        BrokerCommand command = new BrokerCommand();
        new CommandLine(command).parseArgs("--port", "0", "--state-dir", stateDir.toString());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        CountDownLatch stop = new CountDownLatch(1);
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> {
            try {
                return command.serve(out, stop);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        });
        String bootstrap = await().atMost(Duration.ofSeconds(90)).until(() -> {
            Matcher m = BOOTSTRAP.matcher(bytes.toString(StandardCharsets.UTF_8));
            return m.find() ? m.group(1) : null;
        }, b -> b != null);
        return new Running(bootstrap, stop, exit, bytes);
    }

    private static Admin admin(String bootstrap) {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
    }

    private record Running(String bootstrap, CountDownLatch stopSignal, CompletableFuture<Integer> exit,
                           ByteArrayOutputStream bytes) {
        int stop() throws Exception {
            stopSignal.countDown();
            return exit.get(60, TimeUnit.SECONDS);
        }

        String output() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }
}
