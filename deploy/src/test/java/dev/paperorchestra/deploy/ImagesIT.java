package dev.paperorchestra.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.runtime.kafka.PaperSubmitter;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.serde.AvroEventDeserializer;
import dev.paperorchestra.schemas.topics.Topics;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.utils.AppInfoParser;
import org.assertj.core.api.Assertions;
import org.awaitility.core.ConditionTimeoutException;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.BindMode;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * Runs the six agent images that {@code jib:buildTar} built against a Kafka container (apache/kafka, KRaft),
 * as separate containers sharing one network and one blob directory, the way a cluster runs them, and sends
 * one offline paper through them. Needs a Docker engine: without one the whole class is skipped before
 * anything else happens. With one, the image tarballs must have been built first (deploy/README.md).
 */
@Testcontainers(disabledWithoutDocker = true)
class ImagesIT {

    /** The broker of the version of the Kafka clients the agents are built with. */
    private static final String KAFKA_IMAGE = "apache/kafka:" + AppInfoParser.getVersion();
    private static final String KAFKA_ALIAS = "kafka:19092";
    private static final int AGENT_PORT = 8080;
    /** Where the manifests mount the shared blob volume. */
    private static final String BLOB_MOUNT = "/var/lib/paperorchestra/blobs";
    private static final String PAPER_ID = "images-it";

    private static final Path ROOT = Path.of(System.getProperty("po.deploy.dir", "deploy"))
            .toAbsolutePath().getParent();

    private static final List<GenericContainer<?>> AGENTS = new ArrayList<>();
    private static @Nullable Network network;
    private static @Nullable KafkaContainer kafka;
    private static @Nullable Path blobs;

    @BeforeAll
    static void start_kafka_and_the_agent_images() throws Exception {
        Map<String, String> images = loadAgentImages();
        network = Network.newNetwork();
        kafka = new KafkaContainer(DockerImageName.parse(KAFKA_IMAGE))
                .withNetwork(network).withNetworkAliases("kafka").withListener(KAFKA_ALIAS);
        kafka.start();
        blobs = Files.createTempDirectory("po-images-it-", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxrwxrwx")));
        // the umask may have narrowed the attribute; the images run as uid 65532, not as this user
        openToEveryone(blobs);
        for (String image : images.values()) {
            GenericContainer<?> agent = new GenericContainer<>(DockerImageName.parse(image))
                    .withNetwork(network)
                    .withEnv(Map.of(
                            "PO_KAFKA_BOOTSTRAP_SERVERS", KAFKA_ALIAS,
                            "PO_BLOB_ROOT", BLOB_MOUNT,
                            "SERVER_PORT", Integer.toString(AGENT_PORT),
                            "PO_KAFKA_STREAMS_STATE_DIR", "/tmp/streams",
                            "PO_WRITER_WORK_DIR", "/tmp/writer-jobs",
                            "PO_REFINE_WORK_DIR", "/tmp/refine-jobs",
                            "TEXMFVAR", "/tmp/texmf-var",
                            "XDG_CACHE_HOME", "/tmp/cache"))
                    .withFileSystemBind(blobs.toString(), BLOB_MOUNT, BindMode.READ_WRITE)
                    // as the manifests run them: read-only root, scratch on /tmp only. exec, because Kafka
                    // Streams loads the RocksDB library it unpacks into java.io.tmpdir
                    .withTmpFs(Map.of("/tmp", "rw,exec,nosuid,nodev,mode=1777"))
                    .withCreateContainerCmdModifier(cmd -> Objects.requireNonNull(cmd.getHostConfig())
                            .withReadonlyRootfs(true))
                    .withExposedPorts(AGENT_PORT)
                    .waitingFor(Wait.forHttp("/actuator/health/readiness").forPort(AGENT_PORT)
                            .forStatusCode(200)
                            .withStartupTimeout(Duration.ofMinutes(4)));
            AGENTS.add(agent);
        }
        // one at a time: each creates the catalog's topics it misses, and six JVMs at once starve a small host
        AGENTS.forEach(GenericContainer::start);
    }

    @AfterAll
    static void stop_everything() throws IOException {
        AGENTS.forEach(GenericContainer::stop);
        if (kafka != null) {
            kafka.stop();
        }
        if (network != null) {
            network.close();
        }
        if (blobs != null) {
            deleteQuietly(blobs);
        }
    }

    @Test
    void offline_paper_goes_through_the_six_agent_images_on_a_kafka_container() throws Exception {
        Path blobs = Objects.requireNonNull(ImagesIT.blobs);
        LocalBlobStore store = new LocalBlobStore(blobs);
        JobOptions options = JobOptions.newBuilder().setCutoffDate("2024-11-01").setVenue("CVPR 2025")
                .setRefineIterationLimit(1).setLlmMode(LlmMode.OFFLINE).build();
        PaperContext context = MaterialsDirectory.upload(ROOT.resolve("examples/cvpr-sparse-depth"), PAPER_ID,
                options, store, Instant.now());
        openToEveryone(blobs);
        Map<String, Object> client = KafkaClientProperties.of(Objects.requireNonNull(kafka).getBootstrapServers())
                .common();
        try (PaperSubmitter submitter = new PaperSubmitter(client, store, "images-it")) {
            submitter.submit(context);
        }

        List<PaperStatusChangedEvent> statuses = new ArrayList<>();
        List<PaperCompletedEvent> completed = new ArrayList<>();
        try (KafkaConsumer<String, SpecificRecord> outcomes = outcomeConsumer(client)) {
            awaitOutcome(outcomes, statuses, completed);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("paper " + PAPER_ID + " neither completed nor failed; stages seen: "
                    + stages(statuses) + "; agent logs:" + System.lineSeparator() + logTails(), e);
        }

        assertThat(statuses).as("stages seen: %s; agent logs:%n%s", stages(statuses), logTails())
                .noneMatch(s -> s.getState() == StageState.FAILED)
                .anyMatch(s -> s.getStage().equals("outline") && s.getState() == StageState.COMPLETED);
        assertThat(completed.getFirst().getArtifacts()).extracting(NamedArtifact::getName)
                .contains("paper.tex", "paper.pdf", "references.bib", "summary.json");
    }

    /**
     * Reads paper-status and paper-completed until the paper completes or a stage fails; polled on the test's
     * thread, which owns the consumer.
     */
    private static void awaitOutcome(KafkaConsumer<String, SpecificRecord> outcomes,
            List<PaperStatusChangedEvent> statuses, List<PaperCompletedEvent> completed) {
        await("paper " + PAPER_ID + " completed or failed").atMost(Duration.ofMinutes(8))
                .pollInSameThread().pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    for (ConsumerRecord<String, SpecificRecord> record : outcomes.poll(Duration.ofMillis(500))) {
                        if (!PAPER_ID.equals(record.key())) {
                            continue;
                        }
                        switch (record.value()) {
                            case PaperStatusChangedEvent status -> statuses.add(status);
                            case PaperCompletedEvent event -> completed.add(event);
                            default -> { }
                        }
                    }
                    return !completed.isEmpty()
                            || statuses.stream().anyMatch(s -> s.getState() == StageState.FAILED);
                });
    }

    private static String stages(List<PaperStatusChangedEvent> statuses) {
        return statuses.stream().map(s -> s.getStage() + "=" + s.getState()).collect(Collectors.joining(", "));
    }

    /** The six agent images, each loaded into Docker from its tarball; fails saying how to build missing ones. */
    private static Map<String, String> loadAgentImages() throws Exception {
        AgentImageTarballs tarballs = AgentImageTarballs.read(ROOT);
        assertThat(tarballs.images()).as("agent modules with jib.skip=false in %s", ROOT).hasSize(6);
        tarballs.missing().ifPresent(Assertions::fail);
        tarballs.images().forEach((module, image) -> {
            try (InputStream tar = Files.newInputStream(tarballs.tarball(module))) {
                DockerClientFactory.instance().client().loadImageCmd(tar).exec();
            } catch (IOException e) {
                throw new UncheckedIOException("could not load " + tarballs.tarball(module) + " as " + image, e);
            }
        });
        return tarballs.images();
    }

    private static KafkaConsumer<String, SpecificRecord> outcomeConsumer(Map<String, Object> client) {
        Map<String, Object> config = new HashMap<>(client);
        config.put(ConsumerConfig.GROUP_ID_CONFIG, "images-it-" + UUID.randomUUID());
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        KafkaConsumer<String, SpecificRecord> consumer = new KafkaConsumer<>(config, new StringDeserializer(),
                new AvroEventDeserializer());
        consumer.subscribe(List.of(Topics.PAPER_STATUS.name(), Topics.PAPER_COMPLETED.name()));
        return consumer;
    }

    /** The containers' user (65532) must write into the directories this test's user created. */
    private static void openToEveryone(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.toList()) {
                Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(
                        Files.isDirectory(path) ? "rwxrwxrwx" : "rw-rw-rw-"));
            }
        }
    }

    /** What uid 65532 wrote may not be deletable by a non-root test user; say so instead of failing. */
    private static void deleteQuietly(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                if (!path.toFile().delete()) {
                    System.err.println("ImagesIT: could not delete " + path + " (written by the containers' user)");
                    return;
                }
            }
        }
    }

    private static String logTails() {
        StringBuilder out = new StringBuilder();
        for (GenericContainer<?> agent : AGENTS) {
            List<String> lines = agent.getLogs().lines().toList();
            out.append("--- ").append(agent.getDockerImageName()).append(System.lineSeparator());
            lines.subList(Math.max(0, lines.size() - 30), lines.size())
                    .forEach(line -> out.append(line).append(System.lineSeparator()));
        }
        return out.toString();
    }
}
