package dev.paperorchestra.cli.pipeline;

import dev.paperorchestra.cli.broker.BrokerSecurity;
import java.nio.file.Path;
import java.util.List;

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
 */
public record PipelineSettings(Path stateDir, List<Path> replayFiles, List<String> extraArgs,
        BrokerSecurity brokerSecurity, int agentPort) {

    public PipelineSettings {
        replayFiles = List.copyOf(replayFiles);
        extraArgs = List.copyOf(extraArgs);
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
