package dev.paperorchestra.cli.run;

import dev.paperorchestra.cli.pipeline.EmbeddedPipeline;
import dev.paperorchestra.cli.pipeline.PaperOutcome;
import dev.paperorchestra.cli.pipeline.PipelineSettings;
import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import dev.paperorchestra.runtime.materials.JobSettings;
import dev.paperorchestra.runtime.materials.MaterialsDirectory;
import dev.paperorchestra.schemas.JobOptions;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code po run <materials-dir>}: one paper through the embedded pipeline. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Turn a materials directory into a paper: starts an embedded Kafka broker and every agent "
                + "in this JVM, submits the job, reports each stage and writes OUT/<paper-id>/.")
public class RunCommand implements Callable<Integer> {

    /** Exit code for a paper that failed or timed out. */
    public static final int PAPER_FAILED = 1;
    /** Exit code for unusable input or configuration, detected before anything ran. */
    public static final int BAD_INPUT = 2;

    @Parameters(index = "0", paramLabel = "MATERIALS_DIR",
            description = "Directory with idea.md, experimental_log.md, template.tex, conference_guidelines.md "
                    + "and optionally figures/, job.json and scholar_records.json.")
    Path materials;

    @Option(names = "--out", defaultValue = "out", description = "Output root; the paper goes to OUT/<paper-id>/ (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--offline", description = "Deterministic offline mode: no language model; every output is labelled.")
    boolean offline;

    @Mixin
    ModelOptions models = new ModelOptions();

    @Option(names = "--state-dir", defaultValue = "${env:PO_STATE_DIR:-.po-state}",
            description = "Broker data, blob store and logs (default: ${DEFAULT-VALUE}).")
    Path stateDir;

    @Option(names = "--cutoff", description = "Research cutoff, YYYY-MM or YYYY-MM-DD (default: job.json's cutoffDate).")
    @Nullable String cutoff;

    @Option(names = "--venue", description = "Venue name (default: job.json's venue).")
    @Nullable String venue;

    @Option(names = "--page-limit", description = "Main-text page limit (default: job.json, else the guidelines).")
    @Nullable Integer pageLimit;

    @Option(names = "--iterations", defaultValue = "3", description = "Refinement iteration limit (default: ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--timeout", defaultValue = "PT20M", description = "Give up after this long, ISO-8601 (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--paper-id", description = "Paper id (default: <materials-dir-name>-<timestamp>).")
    @Nullable String paperId;

    // Scholarly endpoints. Given explicitly they are used even with --offline, which selects the model only.
    @Option(names = "--s2-base-url", defaultValue = "${env:PO_S2_BASE_URL}",
            description = "Semantic Scholar-compatible API root for verification (env PO_S2_BASE_URL; key from env "
                    + "PO_S2_API_KEY). Default: the public API for model runs, the recorded scholar_records.json offline.")
    @Nullable String s2BaseUrl;

    @Option(names = "--openalex-base-url", defaultValue = "${env:PO_OPENALEX_BASE_URL}",
            description = "OpenAlex-compatible API root for discovery (env PO_OPENALEX_BASE_URL). Default: the public "
                    + "API for model runs; offline runs search OpenAlex only when this is given.")
    @Nullable String openAlexBaseUrl;

    Map<String, String> environment = System.getenv();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;

    @Override
    public Integer call() {
        ProviderSettings providers;
        JobOptions options;
        try {
            providers = ProviderSettings.resolve(models, offline, environment);
            MaterialsDirectory.check(materials);
            options = JobSettings.resolve(materials, cutoff, venue, pageLimit, iterations, providers.offline());
        } catch (InvalidMaterialsException | IllegalArgumentException e) {
            stderr.println("po: " + e.getMessage());
            return BAD_INPUT;
        }
        providers.bindings().values().forEach(binding -> stdout.println("model " + binding));
        return runPaper(options);
    }

    private int runPaper(JobOptions options) {
        String id = paperId != null ? paperId : defaultPaperId(materials);
        List<Path> replay = new ArrayList<>();
        Path records = materials.resolve("scholar_records.json");
        if (Files.isRegularFile(records)) {
            replay.add(records.toAbsolutePath());
        }
        List<String> agentArgs = new ArrayList<>(models.springArgs());
        agentArgs.addAll(scholarlyArgs(s2BaseUrl, environment.get("PO_S2_API_KEY"), openAlexBaseUrl));
        PipelineSettings settings = new PipelineSettings(stateDir.toAbsolutePath(), replay, agentArgs);
        stdout.println("starting the embedded pipeline (logs: " + settings.logFile() + ")");
        try (EmbeddedPipeline pipeline = EmbeddedPipeline.start(settings, line -> stdout.println("  " + line))) {
            PaperRun.Result result = new PaperRun(pipeline, stdout, Clock.systemUTC())
                    .run(materials.toAbsolutePath(), id, options, out, timeout);
            return switch (result.outcome()) {
                case PaperOutcome.Completed completed -> 0;
                case PaperOutcome.Failed failed -> {
                    stderr.println("po: paper " + id + " failed at stage " + failed.stage() + ": " + failed.reason());
                    stderr.println("po: details in " + settings.logFile() + "; the failed record is on its -dlt topic");
                    yield PAPER_FAILED;
                }
                case PaperOutcome.Cancelled cancelled -> {
                    stderr.println("po: paper " + id + " was cancelled: " + cancelled.reason());
                    yield PAPER_FAILED;
                }
                case PaperOutcome.TimedOut timedOut -> {
                    stderr.println("po: paper " + id + " did not finish within " + timeout + " (last stage: "
                            + timedOut.lastStage() + "); details in " + settings.logFile());
                    yield PAPER_FAILED;
                }
            };
        } catch (InvalidMaterialsException e) {
            stderr.println("po: " + e.getMessage());
            return BAD_INPUT;
        } catch (RuntimeException e) {
            // e.g. the state directory is locked by another po, or an agent could not start
            stderr.println("po: the embedded pipeline failed: " + e.getMessage());
            stderr.println("po: details in " + settings.logFile());
            return PAPER_FAILED;
        }
    }

    /** The literature agent's arguments for the scholarly endpoints given; nothing for those left out. */
    public static List<String> scholarlyArgs(@Nullable String s2BaseUrl, @Nullable String s2ApiKey,
            @Nullable String openAlexBaseUrl) {
        List<String> args = new ArrayList<>();
        if (s2BaseUrl != null && !s2BaseUrl.isBlank()) {
            args.add("--po.literature.s2.base-url=" + s2BaseUrl.strip());
        }
        if (s2ApiKey != null && !s2ApiKey.isBlank()) {
            args.add("--po.literature.s2.api-key=" + s2ApiKey.strip());
        }
        if (openAlexBaseUrl != null && !openAlexBaseUrl.isBlank()) {
            args.add("--po.literature.openalex.base-url=" + openAlexBaseUrl.strip());
        }
        return args;
    }

    static String defaultPaperId(Path materials) {
        String name = materials.toAbsolutePath().normalize().getFileName().toString()
                .toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        return name + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    }
}
