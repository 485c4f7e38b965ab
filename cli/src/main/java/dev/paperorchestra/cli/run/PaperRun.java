package dev.paperorchestra.cli.run;

import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PaperOutcome;
import dev.paperorchestra.embedded.pipeline.PaperWatcher;
import dev.paperorchestra.runtime.kafka.PaperIds;
import dev.paperorchestra.content.materials.CheckedMaterials;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.runtime.kafka.PaperSubmitter;
import dev.paperorchestra.content.outputs.PaperOutputs;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/** Submits one paper to a running pipeline, reports each stage, and writes the outputs. */
public final class PaperRun {

    /** What the user gets back. */
    public record Result(PaperOutcome outcome, Path outputDirectory) {
    }

    private final EmbeddedPipeline pipeline;
    private final PrintStream out;
    private final Clock clock;

    private final Consumer<PaperStatusChangedEvent> onStatus;

    public PaperRun(EmbeddedPipeline pipeline, PrintStream out, Clock clock) {
        this(pipeline, out, clock, status -> { });
    }

    /** @param onStatus hears each status after it is printed (how to decide at an approval gate) */
    public PaperRun(EmbeddedPipeline pipeline, PrintStream out, Clock clock,
            Consumer<PaperStatusChangedEvent> onStatus) {
        this.pipeline = pipeline;
        this.out = out;
        this.clock = clock;
        this.onStatus = onStatus;
    }

    /**
     * Runs materials that passed the intake; what is uploaded is what was checked.
     *
     * @param submit false to follow a paper submitted earlier (same id, same materials) without submitting again
     */
    public Result run(CheckedMaterials checked, String paperId, Path outRoot, Duration timeout, boolean submit) {
        return run(paperId, submit ? now -> MaterialsDirectory.upload(checked, paperId, pipeline.blobs(), now) : null,
                outRoot, timeout);
    }

    /**
     * Runs a directory as it is, unchecked: for tests of what the agents do with materials no front door
     * checked (a job from another submitter).
     */
    public Result run(Path materials, String paperId, JobOptions options, Path outRoot, Duration timeout) {
        return run(paperId, now -> MaterialsDirectory.upload(materials, paperId, options, pipeline.blobs(), now), outRoot,
                timeout);
    }

    private Result run(String paperId, @Nullable Function<Instant, PaperContext> upload, Path outRoot,
            Duration timeout) {
        Instant started = clock.instant();
        try (PaperWatcher watcher = new PaperWatcher(pipeline.kafka(), clock);
                PaperSubmitter submitter = new PaperSubmitter(pipeline.kafka().common(), pipeline.blobs(), "cli")) {
            if (upload != null) {
                PaperContext context = upload.apply(started);
                submitter.submit(context);
                out.printf("submitted paper %s (%s mode)%n", paperId,
                        context.getOptions().getLlmMode().name().toLowerCase(Locale.ROOT));
            }
            PaperOutcome outcome = watcher.await(paperId, timeout, status -> print(status, started));
            Path paperDir = outRoot.resolve(PaperIds.requireValid(paperId)).toAbsolutePath();
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
        onStatus.accept(status);
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
