package dev.paperorchestra.cli.pipeline;

import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PaperOutcome;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.embedded.broker.BrokerSecurity;
import dev.paperorchestra.cli.run.PaperRun;
import dev.paperorchestra.runtime.blob.LocalS3Server;
import dev.paperorchestra.runtime.blob.S3BlobStore;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.runtime.gateway.KafkaUsageLedger;
import dev.paperorchestra.gateway.usage.LlmUsage;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The embedded pipeline as a cluster deployment runs: a broker whose only client listener is SASL_PLAINTEXT
 * (PLAIN) and blobs in an S3 bucket (s3proxy in this JVM). Every agent gets its Kafka credentials as
 * {@code po.kafka.properties.*}, and every Kafka client the project builds (transactional listeners, Kafka
 * Streams topologies, admin, paper-status producer, usage ledger, scholar cache, the cli's submitter and
 * watcher) must use them, or the paper cannot complete and the broker counts a failed login. The blob store
 * is chosen by {@code po.blob.type=s3} with credentials from the AWS default chain, and the cli uploads
 * materials and reads outputs through the same store.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SecuredClusterIT {

    private static final String BUCKET = "po-cluster";

    private static final Path CVPR = Path.of("..", "examples", "cvpr-sparse-depth").toAbsolutePath().normalize();
    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    Path work;
    LocalS3Server s3;
    EmbeddedPipeline pipeline;
    final ByteArrayOutputStream console = new ByteArrayOutputStream();

    @BeforeAll
    void startPipeline() throws Exception {
        Files.createDirectories(Path.of("target"));
        work = Files.createTempDirectory(Path.of("target"), "sasl-");
        s3 = LocalS3Server.start(BUCKET);
        // the AWS SDK's default chain reads these first, as it would read AWS_ACCESS_KEY_ID in a pod
        System.setProperty("aws.accessKeyId", LocalS3Server.ACCESS_KEY);
        System.setProperty("aws.secretAccessKey", LocalS3Server.SECRET_KEY);
        List<String> s3Blobs = List.of("--po.blob.type=s3", "--po.blob.s3.bucket=" + BUCKET,
                "--po.blob.s3.prefix=cluster-it/", "--po.blob.s3.endpoint=" + s3.endpoint(),
                "--po.blob.s3.path-style-access=true");
        // no deployment-wide replay files: the job's scholar_records.json travels with its materials
        pipeline = EmbeddedPipeline.start(new PipelineSettings(work.resolve("state"), List.of(), s3Blobs,
                BrokerSecurity.saslPlain(Map.of("reader", "reader-secret"))), line -> { });
    }

    @AfterAll
    void stopPipeline() throws Exception {
        try {
            pipeline.close();
            s3.close();
        } finally {
            System.clearProperty("aws.accessKeyId");
            System.clearProperty("aws.secretAccessKey");
        }
    }

    @Test
    @Order(1)
    void a_paper_completes_with_every_client_logged_in_over_sasl() throws Exception {
        JobOptions options = JobOptions.newBuilder().setCutoffDate("2024-11-01").setRefineIterationLimit(1)
                .setLlmMode(LlmMode.OFFLINE).build();

        PaperRun.Result result = new PaperRun(pipeline, new PrintStream(console, true, StandardCharsets.UTF_8),
                Clock.systemUTC()).run(CVPR, "sasl-cvpr", options, work.resolve("out"), TIMEOUT);

        assertThat(result.outcome()).as(console.toString()).isInstanceOf(PaperOutcome.Completed.class);
        assertThat(result.outputDirectory().resolve("summary.json")).exists();
        assertThat(result.outputDirectory().resolve("paper.tex")).exists();
        assertThat(result.outputDirectory().resolve("references.bib")).content().contains("@");
        // materials and every artifact went to the bucket; nothing to the local store's directory
        assertThat(pipeline.blobs()).isInstanceOf(S3BlobStore.class);
        assertThat(s3.backend().countBlobs(BUCKET)).isGreaterThan(10);
        assertThat(work.resolve("state").resolve("blobs")).doesNotExist();
        assertThat(pipeline.kafka().extra()).containsEntry("security.protocol", "SASL_PLAINTEXT");
        // no client logged in with credentials the broker does not know
        assertThat(failedLogins()).isZero();
    }

    @Test
    @Order(2)
    void the_usage_ledger_writes_and_reads_llm_usage_over_sasl() {
        try (KafkaUsageLedger writer = new KafkaUsageLedger(pipeline.kafka(), "writer-agent", Clock.systemUTC());
                KafkaUsageLedger refine = new KafkaUsageLedger(pipeline.kafka(), "refine-agent", Clock.systemUTC())) {
            writer.record(new LlmUsage("sasl-usage", "writer-agent", "planner", "openai", "m", 100, 20, 0.01, false));

            assertThat(refine.awaitCaughtUp(Duration.ofSeconds(30))).isTrue();
            assertThat(refine.usage("sasl-usage").totals().tokens()).isEqualTo(120);
        }
    }

    @Test
    @Order(3)
    void another_configured_user_is_let_in() throws Exception {
        try (Admin admin = Admin.create(client(BrokerSecurity.SaslPlain.clientProperties("reader", "reader-secret")))) {
            assertThat(admin.describeCluster(new DescribeClusterOptions().timeoutMs(10_000)).nodes().get()).hasSize(1);
        }
    }

    @Test
    @Order(4)
    void a_wrong_password_is_refused_and_counted_as_a_failed_login() throws Exception {
        double before = failedLogins();
        try (Admin admin = Admin.create(client(BrokerSecurity.SaslPlain.clientProperties("reader", "guess")))) {
            assertThatThrownBy(() -> admin.describeCluster(new DescribeClusterOptions().timeoutMs(10_000)).nodes()
                    .get()).isInstanceOf(ExecutionException.class).cause()
                    .isInstanceOf(SaslAuthenticationException.class);
        }
        assertThat(failedLogins()).isGreaterThan(before);
    }

    @Test
    @Order(5)
    void a_client_without_credentials_is_refused() {
        // a plaintext client gets no answer from a SASL listener: it gives up when its time is out
        try (Admin admin = Admin.create(client(Map.of()))) {
            assertThatThrownBy(() -> admin.describeCluster(new DescribeClusterOptions().timeoutMs(3_000)).nodes()
                    .get()).isInstanceOf(ExecutionException.class);
        }
    }

    private Map<String, Object> client(Map<String, String> properties) {
        Map<String, Object> config = new KafkaClientProperties(pipeline.bootstrapServers(), properties).common();
        config.put("request.timeout.ms", 5_000);
        config.put("default.api.timeout.ms", 5_000);
        return config;
    }

    /** The broker's count of refused logins on its SASL listener, summed over its network threads. */
    private static double failedLogins() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        double total = 0;
        for (ObjectName name : server.queryNames(new ObjectName(
                "kafka.server:type=socket-server-metrics,listener=SASL_PLAINTEXT,networkProcessor=*"), null)) {
            total += ((Number) server.getAttribute(name, "failed-authentication-total")).doubleValue();
        }
        return total;
    }
}
