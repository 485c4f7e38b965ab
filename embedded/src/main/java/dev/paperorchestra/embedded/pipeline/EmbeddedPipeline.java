package dev.paperorchestra.embedded.pipeline;

import dev.paperorchestra.embedded.broker.TopicCreation;
import dev.paperorchestra.embedded.broker.EmbeddedKraftBroker;
import dev.paperorchestra.literature.LiteratureAgentApplication;
import dev.paperorchestra.outline.OutlineAgentApplication;
import dev.paperorchestra.plotting.PlottingAgentApplication;
import dev.paperorchestra.refine.RefineAgentApplication;
import dev.paperorchestra.reviewer.ReviewerAgentApplication;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.runtime.registry.SchemaRegistryProperties;
import dev.paperorchestra.schemas.topics.TopicLayout;
import dev.paperorchestra.writer.WriterAgentApplication;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The embedded default: a real KRaft broker, the topics, and all six agents in this JVM, each in its own
 * Spring context exactly as it would run in its own container.
 */
public final class EmbeddedPipeline implements AutoCloseable {

    private static final List<Supplier<SpringApplicationBuilder>> AGENTS = List.of(
            OutlineAgentApplication::builder,
            LiteratureAgentApplication::builder,
            PlottingAgentApplication::builder,
            WriterAgentApplication::builder,
            RefineAgentApplication::builder,
            ReviewerAgentApplication::builder);

    private final PipelineSettings settings;
    private final EmbeddedKraftBroker broker;
    private final List<ConfigurableApplicationContext> agents = new ArrayList<>();

    private EmbeddedPipeline(PipelineSettings settings, EmbeddedKraftBroker broker) {
        this.settings = settings;
        this.broker = broker;
    }

    /** Starts broker, topics and agents; {@code progress} hears one line per milestone. */
    public static EmbeddedPipeline start(PipelineSettings settings, Consumer<String> progress) {
        PipelineLogging.takeOver(settings.logFile());
        EmbeddedKraftBroker broker = EmbeddedKraftBroker.start(settings.kafkaDir(), 0,
                settings.brokerStartTimeout(), settings.brokerSecurity());
        EmbeddedPipeline pipeline = new EmbeddedPipeline(settings, broker);
        try {
            progress.accept("Kafka KRaft broker up at " + broker.bootstrapServers() + " (state in "
                    + settings.kafkaDir() + ")");
            TopicCreation.create(pipeline.kafka().common(),
                    TopicLayout.withPartitions(settings.partitionOverrides()));
            for (int i = 0; i < AGENTS.size(); i++) {
                ConfigurableApplicationContext context = pipeline.startAgent(AGENTS.get(i).get(),
                        settings.agentPort() == 0 ? 0 : settings.agentPort() + i, List.of());
                progress.accept("started " + describe(context));
            }
            return pipeline;
        } catch (RuntimeException e) {
            pipeline.close();
            throw e;
        }
    }

    /**
     * Starts the paper service in this JVM on {@code 127.0.0.1:port}, like an agent: its own Spring context on the
     * same broker and blob store; stopped with the pipeline. The caller passes the service's builder
     * ({@code PaperServiceApplication::builder}) because the paper service is a client of the pipeline, not part
     * of it: this module does not depend on it.
     */
    public ConfigurableApplicationContext startPaperService(SpringApplicationBuilder service, int port,
            List<String> extraArgs, Consumer<String> progress) {
        List<String> args = new ArrayList<>(extraArgs);
        args.add("--po.service.work-dir=" + settings.stateDir().resolve("uploads"));
        ConfigurableApplicationContext context = startAgent(service, port, args);
        progress.accept("started " + describe(context));
        return context;
    }

    private ConfigurableApplicationContext startAgent(SpringApplicationBuilder builder, int port,
            List<String> extraArgs) {
        List<String> args = new ArrayList<>(List.of(agentArgs()));
        args.addAll(extraArgs);
        if (port > 0) {
            // Actuator on loopback only: the embedded default is for this machine
            args.add("--server.port=" + port);
            args.add("--server.address=127.0.0.1");
        } else {
            builder.web(WebApplicationType.NONE);
        }
        ConfigurableApplicationContext context = builder.run(args.toArray(String[]::new));
        agents.add(context);
        return context;
    }

    private static String describe(ConfigurableApplicationContext context) {
        String name = context.getEnvironment().getProperty("spring.application.name");
        String port = context.getEnvironment().getProperty("local.server.port");
        return port == null ? name : name + " on http://127.0.0.1:" + port + " (health: /actuator/health, "
                + "metrics: /actuator/prometheus)";
    }

    /** The running agents' (and the paper service's) contexts, in start order. */
    public List<ConfigurableApplicationContext> contexts() {
        return List.copyOf(agents);
    }

    public String bootstrapServers() {
        return broker.bootstrapServers();
    }

    /**
     * The brokers and the client properties that connect to them, for every client talking to this pipeline, with
     * the agents' schema registry settings so the cli reads what the agents write.
     */
    public KafkaClientProperties kafka() {
        KafkaClientProperties kafka = new KafkaClientProperties(broker.bootstrapServers(), broker.clientProperties());
        return agents.isEmpty() ? kafka
                : kafka.with(agents.getFirst().getBean(SchemaRegistryProperties.class).clientProperties());
    }

    /**
     * The blob store the agents are configured with (a local directory, or S3 when the extra arguments say
     * {@code --po.blob.type=s3}), so materials go in and outputs come out where the agents look.
     */
    public BlobStore blobs() {
        if (agents.isEmpty()) {
            throw new IllegalStateException("the pipeline has no running agent");
        }
        return agents.getFirst().getBean(BlobStore.class);
    }

    /** A bean of the first agent that has one, e.g. the model gateway every agent is configured with. */
    public <T> Optional<T> agentBean(Class<T> type) {
        return agents.stream().map(agent -> agent.getBeanProvider(type).getIfAvailable()).filter(Objects::nonNull)
                .findFirst();
    }

    private String[] agentArgs() {
        List<String> args = new ArrayList<>(List.of(
                "--po.kafka.bootstrap-servers=" + broker.bootstrapServers(),
                "--po.blob.root=" + settings.blobDir(),
                "--po.kafka.streams-state-dir=" + settings.stateDir().resolve("streams"),
                // one instance of each agent per state directory (its lock sees to that), so the names can be stable:
                // a run restarted after a kill fences the transactions the killed one left open, at once
                "--po.kafka.instance-id=embedded",
                "--po.writer.work-dir=" + settings.stateDir().resolve("writer-jobs"),
                "--po.refine.work-dir=" + settings.stateDir().resolve("refine-jobs"),
                "--po.revision.work-dir=" + settings.stateDir().resolve("revision-jobs"),
                "--spring.main.banner-mode=off",
                "--spring.main.log-startup-info=false"));
        // the same extra client properties a deployment would set as PO_KAFKA_PROPERTIES_*
        broker.clientProperties().forEach((name, value) -> args.add("--po.kafka.properties." + name + "=" + value));
        if (!settings.replayFiles().isEmpty()) {
            args.add("--po.literature.replay-files=" + settings.replayFiles().stream().map(Path::toString)
                    .collect(Collectors.joining(",")));
        }
        args.addAll(settings.extraArgs());
        return args.toArray(String[]::new);
    }

    /**
     * Stops the agents together, then the broker. A Kafka Streams application caught in its first rebalance
     * (a paper that failed seconds after start) can take its whole close timeout; in parallel, the agents cost
     * the slowest one instead of the sum.
     */
    @Override
    public void close() {
        List<Thread> closing = agents.stream()
                .map(agent -> Thread.ofVirtual().start(() -> {
                    try {
                        agent.close();
                    } catch (RuntimeException e) {
                        // the other agents and the broker must still stop
                    }
                }))
                .toList();
        for (Thread thread : closing) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        agents.clear();
        broker.close();
    }
}
