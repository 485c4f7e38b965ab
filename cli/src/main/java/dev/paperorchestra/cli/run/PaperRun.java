package dev.paperorchestra.cli.run;

import dev.paperorchestra.cli.pipeline.EmbeddedPipeline;
import dev.paperorchestra.cli.pipeline.PaperOutcome;
import dev.paperorchestra.cli.pipeline.PaperWatcher;
import dev.paperorchestra.runtime.materials.PaperSubmitter;
import dev.paperorchestra.runtime.outputs.PaperOutputs;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;

/** Submits one paper to a running pipeline, reports each stage, and writes the outputs. */
public final class PaperRun {

    /** What the user gets back. */
    public record Result(PaperOutcome outcome, Path outputDirectory) {
    }

    private final EmbeddedPipeline pipeline;
    private final PrintStream out;
    private final Clock clock;

    public PaperRun(EmbeddedPipeline pipeline, PrintStream out, Clock clock) {
        this.pipeline = pipeline;
        this.out = out;
        this.clock = clock;
    }

    public Result run(Path materials, String paperId, JobOptions options, Path outRoot, Duration timeout) {
        Instant started = clock.instant();
        try (PaperWatcher watcher = new PaperWatcher(pipeline.bootstrapServers(), clock);
                PaperSubmitter submitter = new PaperSubmitter(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        pipeline.bootstrapServers()), pipeline.blobs(), "cli")) {
            submitter.submit(materials, paperId, options, started);
            out.printf("submitted paper %s (%s mode)%n", paperId, options.getLlmMode().name().toLowerCase(Locale.ROOT));
            PaperOutcome outcome = watcher.await(paperId, timeout, status -> print(status, started));
            Path paperDir = outRoot.resolve(paperId).toAbsolutePath();
            if (outcome instanceof PaperOutcome.Completed completed) {
                paperDir = new PaperOutputs(completed.event().getArtifacts(), pipeline.blobs()).writeTo(paperDir);
                printSummary(completed.event(), paperDir);
            }
            return new Result(outcome, paperDir);
        }
    }

    private void print(PaperStatusChangedEvent status, Instant started) {
        out.println(stageLine(started, status.getOccurredAt(), status.getStage(), status.getState().name(),
                status.getMessage()));
    }

    /** One progress line, as {@code po run} and {@code po watch} print it. */
    public static String stageLine(Instant started, Instant at, String stage, String state, String message) {
        double seconds = Duration.between(started, at).toMillis() / 1000.0;
        return String.format(Locale.ROOT, "[%6.1fs] %-10s %-9s %s", Math.max(0, seconds), stage,
                state.toLowerCase(Locale.ROOT), message);
    }

    private void printSummary(PaperCompletedEvent completed, Path paperDir) {
        out.println();
        out.println("paper written to " + paperDir);
        out.println("  compile: " + completed.getCompile().getStatus().name().toLowerCase(Locale.ROOT) + " - "
                + completed.getCompile().getMessage());
        completed.getArtifacts().stream().map(a -> a.getName()).filter(n -> !n.contains("/")).sorted()
                .forEach(name -> out.println("  " + name));
    }
}
