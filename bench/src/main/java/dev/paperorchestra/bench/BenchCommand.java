package dev.paperorchestra.bench;

import dev.paperorchestra.bench.autorate.AutoraterSuite;
import dev.paperorchestra.bench.autorate.BibEntry;
import dev.paperorchestra.bench.autorate.ScholarLookup;
import dev.paperorchestra.bench.dataset.BenchCase;
import dev.paperorchestra.bench.dataset.Dataset;
import dev.paperorchestra.bench.report.BenchResults;
import dev.paperorchestra.bench.report.ResultRow;
import dev.paperorchestra.bench.run.BenchBackend;
import dev.paperorchestra.bench.run.BenchJournal;
import dev.paperorchestra.bench.run.BenchProgress;
import dev.paperorchestra.bench.run.BenchRunner;
import dev.paperorchestra.bench.run.CaseState;
import dev.paperorchestra.bench.run.EmbeddedBackend;
import dev.paperorchestra.bench.run.ServerBackend;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import dev.paperorchestra.cli.run.JobFlags;
import dev.paperorchestra.cli.run.ModelOptions;
import dev.paperorchestra.cli.run.ProviderSettings;
import dev.paperorchestra.cli.run.RunCommand;
import dev.paperorchestra.cli.run.ScholarlyOptions;
import dev.paperorchestra.bench.simulate.SimulateCommand;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.cancel.PaperCancellations;
import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import dev.paperorchestra.runtime.llm.LlmGateway;
import dev.paperorchestra.runtime.llm.gateway.DefaultLlmGateway;
import dev.paperorchestra.runtime.llm.usage.InMemoryUsageLedger;
import dev.paperorchestra.runtime.llm.usage.LlmMetrics;
import dev.paperorchestra.content.materials.CheckedMaterials;
import dev.paperorchestra.content.materials.IntakeResult;
import dev.paperorchestra.content.materials.JobRequest;
import dev.paperorchestra.content.materials.MaterialsIntake;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.content.materials.MaterialsProblem;
import dev.paperorchestra.service.references.ReferenceLookups;
import dev.paperorchestra.schemas.JobOptions;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.CommonClientConfigs;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code po bench DATASET_DIR --out BENCH_DIR}: every case of a dataset through one deployment, resumable. */
@Command(name = "bench", mixinStandardHelpOptions = true, subcommands = BenchImportCommand.class,
        description = "Run every case of a dataset (one materials directory per case, optional reference/) through one "
                + "deployment, at most --parallel at once; resumable: run the same command again to continue. Writes "
                + "BENCH_DIR/results.jsonl, results.csv, summary.json and report.html.")
public class BenchCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "DATASET_DIR", description = "One sub-directory per case.")
    @Nullable Path dataset;

    @Option(names = "--simulate", paramLabel = "N", description = "Instead of a dataset: the load simulation of N "
            + "synthetic papers against simulated model, Semantic Scholar and OpenAlex services (as po simulate N), "
            + "writing BENCH_DIR/simulation.json.")
    @Nullable Integer simulate;

    @Option(names = "--out", required = true, paramLabel = "BENCH_DIR", description = "Journal, outputs, results and report.")
    Path out;

    @Option(names = "--parallel", defaultValue = "2", description = "Papers in flight at once (default: ${DEFAULT-VALUE}).")
    int parallel;

    @Option(names = "--server", defaultValue = "${env:PO_SERVER}", paramLabel = "URL",
            description = "A paper service to run on (env PO_SERVER; token from PO_TOKEN). Default: the embedded deployment.")
    @Nullable String server;

    @Option(names = "--offline", description = "Deterministic offline mode: no language model; model autoraters are skipped.")
    boolean offline;

    @Mixin
    ModelOptions models = new ModelOptions();

    @Option(names = "--limit", description = "Run at most this many cases (after --cases).")
    @Nullable Integer limit;

    @Option(names = "--cases", paramLabel = "GLOB", description = "Only cases whose directory name matches, e.g. 'cvpr-*'.")
    @Nullable String cases;

    @Option(names = "--retry-failed", description = "Run failed, timed-out, cancelled and invalid cases again as a new attempt.")
    boolean retryFailed;

    @Option(names = "--autoraters", defaultValue = "citation-f1,literature-quality,side-by-side",
            description = "Comma-separated: citation-f1, literature-quality, side-by-side, or none (default: ${DEFAULT-VALUE}).")
    String autoraters;

    @Option(names = "--timeout", defaultValue = "PT30M", description = "Per paper, from its submission, ISO-8601 (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    /** The refinement iteration limit of every case. */
    @Mixin
    JobFlags.Iterations iterations = new JobFlags.Iterations();

    @Option(names = "--reference-timeout", defaultValue = "PT10M", description = "How long citation F1 waits for the "
            + "verifier to look up one case's human references, its queue included, ISO-8601 (default: ${DEFAULT-VALUE}).")
    Duration referenceTimeout;

    @Mixin
    ScholarlyOptions scholarly = new ScholarlyOptions();

    Map<String, String> environment = System.getenv();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;
    boolean terminal = System.console() != null;

    @Override
    public Integer call() {
        if (simulate != null) {
            return new CommandLine(new SimulateCommand()).execute(String.valueOf(simulate), "--out", out.toString());
        }
        if (dataset == null) {
            stderr.println("po bench: give a DATASET_DIR, or --simulate N for the load simulation");
            return RunCommand.BAD_INPUT;
        }
        Dataset data;
        ProviderSettings providers;
        Set<AutoraterSuite.Kind> kinds;
        try {
            data = Dataset.scan(dataset.toAbsolutePath().normalize(), cases, limit);
            kinds = AutoraterSuite.Kind.parse(autoraters);
            providers = server == null ? ProviderSettings.resolve(models, offline, environment) : null;
            if (parallel < 1) {
                throw new IllegalArgumentException("--parallel must be at least 1, was " + parallel);
            }
        } catch (IllegalArgumentException e) {
            stderr.println("po bench: " + e.getMessage());
            return RunCommand.BAD_INPUT;
        }
        Path benchDir = out.toAbsolutePath().normalize();
        BenchRun identity;
        try {
            identity = BenchRun.openOrCreate(benchDir, data.root(), server == null ? "embedded" : server,
                    offline || providers != null && providers.offline());
        } catch (IllegalArgumentException e) {
            stderr.println("po bench: " + e.getMessage());
            return RunCommand.BAD_INPUT;
        }
        boolean offlineMode = identity.offline();
        Clock clock = Clock.systemUTC();
        BenchBackend backend = server == null ? startEmbedded(benchDir, data) : ServerBackend.connect(server,
                environment.get("PO_TOKEN"), offlineMode, clock);
        stdout.println("po bench: " + data.cases().size() + " cases on " + backend.describe() + " ("
                + (offlineMode ? "offline" : "model") + " mode), results in " + benchDir);
        BenchJournal journal = BenchJournal.open(benchDir);
        BenchProgress progress = new BenchProgress(stdout, terminal, clock, backend::scholarQueue);
        if (server != null && !offlineMode && (models.providerGiven() || environment.containsKey("PO_LLM_PROVIDER"))) {
            try {
                providers = ProviderSettings.resolve(models, false, environment);
            } catch (IllegalArgumentException e) {
                stderr.println("po bench: " + e.getMessage());
                return RunCommand.BAD_INPUT;
            }
        }
        AutoraterSuite suite = autoraters(kinds, backend, offlineMode, providers, benchDir);
        BenchRunner runner = new BenchRunner(backend, journal, progress, clock, new BenchRunner.Settings(benchDir,
                identity.tag(), parallel, timeout, retryFailed,
                c -> checkedOptions(c.materials(), offlineMode), BenchCommand::usage),
                (c, outputDir) -> suite.rate(c, outputDir.getFileName().toString(), outputDir));
        Thread hook = new Thread(() -> {
            runner.stop();
            journal.close();
            backend.close();
        }, "po-bench-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            runner.run(data);
        } finally {
            Runtime.getRuntime().removeShutdownHook(hook);
            suite.close();
            journal.close();
            backend.close();
        }
        if (terminal) {
            stdout.println();
        }
        List<String> order = data.cases().stream().map(BenchCase::name).toList();
        BenchJournal finished = BenchJournal.open(benchDir);
        List<ResultRow> rows = BenchResults.rows(benchDir, order, finished.all());
        finished.close();
        BenchResults.write(benchDir, "po bench: " + data.root().getFileName(), rows, notes(offlineMode, kinds));
        long notCompleted = rows.stream().filter(row -> !CaseState.COMPLETED.label().equals(row.get("state"))).count();
        stdout.println("po bench: " + (rows.size() - notCompleted) + " of " + rows.size() + " cases completed; "
                + benchDir.resolve("report.html"));
        return notCompleted == 0 ? 0 : RunCommand.PAPER_FAILED;
    }

    /**
     * The job options of a case after the same intake {@code po run} applies.
     *
     * @throws InvalidMaterialsException naming the case's first problem
     */
    private JobOptions checkedOptions(Path materials, boolean offlineMode) {
        return switch (MaterialsIntake.check(materials, new JobRequest(null, null, null, iterations.limit(), offlineMode),
                MaterialsLimits.defaults())) {
            case IntakeResult.Accepted<CheckedMaterials> accepted -> accepted.value().options();
            case IntakeResult.Rejected<CheckedMaterials> rejected -> {
                MaterialsProblem first = rejected.problems().getFirst();
                throw new InvalidMaterialsException(materials.resolve(first.file()).toString(), first.problem());
            }
        };
    }

    private BenchBackend startEmbedded(Path benchDir, Dataset data) {
        // each case's scholar_records.json travels with its own job, so cases never see each other's records
        List<String> agentArgs = new ArrayList<>(models.springArgs());
        agentArgs.addAll(scholarly.springArgs(environment));
        PipelineSettings settings = new PipelineSettings(benchDir.resolve("state"), List.of(), agentArgs);
        stdout.println("po bench: starting the embedded pipeline (logs: " + settings.logFile() + ")");
        return EmbeddedBackend.start(settings, line -> { }, Clock.systemUTC());
    }

    /**
     * The autoraters of this run. On the embedded deployment they share its agents' model gateway, and the
     * human references are looked up through its verifier. Against a paper service the references go to the
     * same verifier through {@code POST /references}, and the model raters use a gateway of po bench's own
     * (when --llm or PO_LLM_PROVIDER names a provider). Offline, references resolve from each case's recorded
     * scholar_records.json.
     */
    private AutoraterSuite autoraters(Set<AutoraterSuite.Kind> kinds, BenchBackend backend, boolean offlineMode,
            @Nullable ProviderSettings providers, Path benchDir) {
        if (!(backend instanceof EmbeddedBackend embedded)) {
            if (offlineMode) {
                return new AutoraterSuite(kinds, null, "offline run (no model)", (c, id, refs) -> replayLookup(c));
            }
            ServerBackend service = (ServerBackend) backend;
            AutoraterSuite.ReferenceResolution viaService = (c, id, refs) -> ScholarLookup.resolved(
                    service.lookUpReferences(id, refs.stream().map(BibEntry::query).toList())).orElse(replayLookup(c));
            if (providers == null || providers.offline()) {
                return new AutoraterSuite(kinds, null, "a server run needs --llm (or PO_LLM_PROVIDER) for po bench "
                        + "to call the model raters itself", viaService);
            }
            LlmGateway own = DefaultLlmGateway.create(providers.properties(), providers.bindings(),
                    new LocalBlobStore(benchDir.resolve("autorater-cache")), new InMemoryUsageLedger(),
                    new LlmMetrics(new SimpleMeterRegistry()), PaperCancellations.NONE);
            return new AutoraterSuite(kinds, own, "no model gateway", viaService);
        }
        if (offlineMode) {
            return new AutoraterSuite(kinds, null, "offline run (no model)", (c, id, refs) -> replayLookup(c));
        }
        LlmGateway gateway = embedded.pipeline().agentBean(LlmGateway.class).orElse(null);
        ReferenceLookups verifier = new ReferenceLookups(
                Map.of(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, embedded.pipeline().bootstrapServers()),
                referenceTimeout, Clock.systemUTC());
        return new AutoraterSuite(kinds, gateway, "no model gateway", new AutoraterSuite.ReferenceResolution() {
            @Override
            public ScholarLookup lookupFor(BenchCase benchCase, String paperId, List<BibEntry> references) {
                return ScholarLookup.resolved(verifier.resolve(paperId,
                        references.stream().map(BibEntry::query).toList())).orElse(replayLookup(benchCase));
            }

            @Override
            public void close() {
                verifier.close();
            }
        });
    }

    private static ScholarLookup replayLookup(BenchCase benchCase) {
        Path records = benchCase.materials().resolve("scholar_records.json");
        return Files.isRegularFile(records) ? ScholarLookup.replay(records) : reference -> Optional.empty();
    }

    private static Map<String, String> notes(boolean offlineMode, Set<AutoraterSuite.Kind> kinds) {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put("mode", offlineMode ? "offline: deterministic rules, no language model; every paper is labelled "
                + "offline and its review never rates above 5" : "model");
        if (offlineMode) {
            notes.put("autoraters", "offline run: literature-quality and side-by-side were skipped, and citation F1 "
                    + "is reported for all references only (P0/P1 labels need a model)");
        }
        notes.put("autoratersEnabled", kinds.stream().map(AutoraterSuite.Kind::id).sorted().toList().toString());
        return notes;
    }

    /** What a completed paper's summary says it spent, for the progress line. */
    static BenchRunner.Usage usage(Path outputDir) {
        var summary = BenchResults.readSummary(outputDir);
        if (summary == null) {
            return BenchRunner.Usage.NONE;
        }
        var llm = summary.path("llm");
        return new BenchRunner.Usage(summary.path("scholarRequests").asLong(),
                summary.path("scholar").path("replayLookups").asLong(),
                llm.path("inputTokens").asLong() + llm.path("outputTokens").asLong(),
                llm.path("estimatedCostUsd").asDouble());
    }
}
