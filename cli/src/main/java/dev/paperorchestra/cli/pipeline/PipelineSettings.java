package dev.paperorchestra.cli.pipeline;

import java.nio.file.Path;
import java.util.List;

/**
 * How the embedded default is laid out on this machine.
 *
 * @param stateDir     broker data, blob store, streams state, writer jobs and logs live under it
 * @param replayFiles  offline Semantic Scholar records the verifier and discovery may use
 * @param extraArgs    further Spring arguments passed to every agent, e.g. {@code --po.kafka.partitions.plot-tasks=12}
 */
public record PipelineSettings(Path stateDir, List<Path> replayFiles, List<String> extraArgs) {

    public PipelineSettings {
        replayFiles = List.copyOf(replayFiles);
        extraArgs = List.copyOf(extraArgs);
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
