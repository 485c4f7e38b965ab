package dev.paperorchestra.cli.pipeline;

import java.nio.file.Path;
import java.util.List;

/**
 * How the embedded default is laid out on this machine.
 *
 * @param stateDir     broker data, blob store, streams state, writer jobs and logs live under it
 * @param replayFiles  offline Semantic Scholar records the verifier and discovery may use
 * @param extraArgs    further Spring arguments passed to every agent, e.g. {@code --po.kafka.partitions.plot-tasks=12}
 * @param agentPort    HTTP port of the first agent (outline; the others follow in pipeline order), serving its
 *                     Actuator endpoints on 127.0.0.1; 0 starts the agents without a web server ({@code po run})
 */
public record PipelineSettings(Path stateDir, List<Path> replayFiles, List<String> extraArgs, int agentPort) {

    public PipelineSettings {
        replayFiles = List.copyOf(replayFiles);
        extraArgs = List.copyOf(extraArgs);
    }

    /** Agents without a web server, as {@code po run} starts them. */
    public PipelineSettings(Path stateDir, List<Path> replayFiles, List<String> extraArgs) {
        this(stateDir, replayFiles, extraArgs, 0);
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
