package dev.paperorchestra.embedded.pipeline;

import dev.paperorchestra.embedded.broker.BrokerSecurity;
import dev.paperorchestra.embedded.broker.EmbeddedKraftBroker;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the embedded default is laid out on this machine.
 *
 * @param stateDir     broker data, blob store, streams state, writer jobs and logs live under it
 * @param replayFiles  offline Semantic Scholar records the verifier and discovery may use
 * @param extraArgs    further Spring arguments passed to every agent, e.g. {@code --po.kafka.partitions.plot-tasks=12}
 * @param brokerSecurity how clients authenticate on the embedded broker; every client the pipeline starts
 *                     (agents through {@code po.kafka.properties.*}, topic creation, submitter, watcher) follows it
 * @param agentPort    HTTP port of the first agent (outline; the others follow in pipeline order), serving its
 *                     Actuator endpoints on 127.0.0.1; 0 starts the agents without a web server ({@code po run})
 * @param brokerStartTimeout how long the embedded broker may take to come up before the start fails
 */
public record PipelineSettings(Path stateDir, List<Path> replayFiles, List<String> extraArgs,
        BrokerSecurity brokerSecurity, int agentPort, Duration brokerStartTimeout) {

    private static final Pattern PARTITIONS_ARG = Pattern.compile("--po\\.kafka\\.partitions\\.([^=]+)=(\\d+)");

    public PipelineSettings {
        replayFiles = List.copyOf(replayFiles);
        extraArgs = List.copyOf(extraArgs);
        if (brokerStartTimeout.isNegative() || brokerStartTimeout.isZero()) {
            throw new IllegalArgumentException("the broker start timeout must be positive, was " + brokerStartTimeout);
        }
    }

    /** With the broker's default start timeout. */
    public PipelineSettings(Path stateDir, List<Path> replayFiles, List<String> extraArgs,
            BrokerSecurity brokerSecurity, int agentPort) {
        this(stateDir, replayFiles, extraArgs, brokerSecurity, agentPort, EmbeddedKraftBroker.DEFAULT_STARTUP_TIMEOUT);
    }

    /** An unauthenticated broker on 127.0.0.1 and agents without a web server, as {@code po run} uses. */
    public PipelineSettings(Path stateDir, List<Path> replayFiles, List<String> extraArgs) {
        this(stateDir, replayFiles, extraArgs, BrokerSecurity.NONE, 0);
    }

    /** Agents without a web server on a broker with this security. */
    public PipelineSettings(Path stateDir, List<Path> replayFiles, List<String> extraArgs,
            BrokerSecurity brokerSecurity) {
        this(stateDir, replayFiles, extraArgs, brokerSecurity, 0);
    }

    /**
     * The partition counts the extra arguments give ({@code --po.kafka.partitions.<topic>=<n>}), so the topics are
     * created with them at once instead of at the catalog's defaults and then grown by the agents (which the broker
     * logs as an error per added partition).
     */
    public Map<String, Integer> partitionOverrides() {
        Map<String, Integer> overrides = new LinkedHashMap<>();
        for (String arg : extraArgs) {
            Matcher matcher = PARTITIONS_ARG.matcher(arg);
            if (matcher.matches()) {
                overrides.put(matcher.group(1), Integer.parseInt(matcher.group(2)));
            }
        }
        return overrides;
    }

    /** The same settings with another broker start timeout. */
    public PipelineSettings withBrokerStartTimeout(Duration timeout) {
        return new PipelineSettings(stateDir, replayFiles, extraArgs, brokerSecurity, agentPort, timeout);
    }

    public Path kafkaDir() {
        return stateDir.resolve("kafka");
    }

    public Path blobDir() {
        return stateDir.resolve("blobs");
    }

    public Path logFile() {
        return stateDir.resolve("logs").resolve("po.log");
    }
}
