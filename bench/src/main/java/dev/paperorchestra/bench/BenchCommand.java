package dev.paperorchestra.bench;

import dev.paperorchestra.bench.autorate.AutoraterSuite;
import dev.paperorchestra.bench.autorate.BibEntry;
import dev.paperorchestra.bench.autorate.JudgeFamily;
import dev.paperorchestra.bench.autorate.JudgeSpec;
import dev.paperorchestra.bench.autorate.ScholarLookup;
import dev.paperorchestra.bench.cost.PrefixShareCommand;
import dev.paperorchestra.bench.dataset.BenchCase;
import dev.paperorchestra.bench.dataset.Dataset;
import dev.paperorchestra.bench.report.BenchResults;
import dev.paperorchestra.model.summary.RunSummary;
import dev.paperorchestra.bench.report.ResultRow;
import dev.paperorchestra.bench.run.BenchBackend;
import dev.paperorchestra.bench.run.BenchJournal;
import dev.paperorchestra.bench.run.BenchProgress;
import dev.paperorchestra.bench.run.BenchRunner;
import dev.paperorchestra.bench.run.CaseState;
import dev.paperorchestra.bench.run.EmbeddedBackend;
import dev.paperorchestra.bench.run.ServerBackend;
import dev.paperorchestra.bench.run.SharedKitBackend;
import dev.paperorchestra.embedded.broker.EmbeddedKraftBroker;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import dev.paperorchestra.cli.run.BrokerStartOption;
import dev.paperorchestra.cli.run.JobFlags;
import dev.paperorchestra.cli.run.ModelOptions;
import dev.paperorchestra.cli.run.ProviderSettings;
import dev.paperorchestra.cli.run.RunCommand;
import dev.paperorchestra.cli.run.ScholarlyOptions;
import dev.paperorchestra.bench.simulate.SimulateCommand;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.cancel.PaperCancellations;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.core.RoleBinding;
import dev.paperorchestra.gateway.core.DefaultLlmGateway;
import dev.paperorchestra.gateway.usage.InMemoryUsageLedger;
import dev.paperorchestra.gateway.usage.LlmMetrics;
import dev.paperorchestra.gateway.usage.UsageLedger;
import dev.paperorchestra.content.materials.CheckedMaterials;
import dev.paperorchestra.content.materials.IntakeResult;
import dev.paperorchestra.content.materials.JobRequest;
import dev.paperorchestra.content.materials.MaterialsIntake;
import dev.paperorchestra.content.materials.TemplateKit;
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
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import dev.paperorchestra.bench.run.BenchPlan;
import dev.paperorchestra.bench.report.BenchComparison;
import dev.paperorchestra.base.json.Json;
import tools.jackson.databind.node.ObjectNode;

/** {@code po bench DATASET_DIR --out BENCH_DIR}: every case of a dataset through one deployment, resumable. */
@Command(name = "bench", mixinStandardHelpOptions = true, subcommands = {BenchImportCommand.class, BenchCompareCommand.class,
        PrefixShareCommand.class},
        description = "Run every case of a dataset (one materials directory per case, optional reference/) through one "
                + "deployment, at most --parallel at once; resumable: run the same command again to continue. Writes "
                + "BENCH_DIR/results.jsonl, results.csv, summary.json and report.html.")
public class BenchCommand implements Callable<Integer> {

    private static final String SCHOLAR_RECORDS = "scholar_records.json";

    @Parameters(index = "0", arity = "0..1", paramLabel = "DATASET_DIR", description = "One sub-directory per case.")
    @Nullable Path dataset;

    @Option(names = "--task", defaultValue = "write", paramLabel = "TASK", description = "write (default): each case's "
            + "materials written into a paper; revise: each case's paper/ revised from its reviews/ (optional "
            + "materials/, reference/ camera-ready) through POST /revisions, reported with valid-PDF rate, points "
            + "addressed, fabrication findings and pairwise autoraters.")
    String task = "write";

    @Option(names = "--simulate", paramLabel = "N", description = "Instead of a dataset: the load simulation of N "
            + "synthetic papers against simulated model, Semantic Scholar and OpenAlex services (as po simulate N), "
            + "writing BENCH_DIR/simulation.json.")
    @Nullable Integer simulate;

    // not required by picocli: a parent's required option would be demanded of `po bench import` and `compare` too
    @Option(names = "--template-dir", paramLabel = "KIT", description = "One venue's author kit (KIT/template.tex "
            + "and its files) for every case, instead of each case's own template, as po run --template-dir.")
    @Nullable Path templateDir;

    @Option(names = "--out", paramLabel = "BENCH_DIR", description = "Journal, outputs, results and report (required).")
    @Nullable Path out;

    @Option(names = "--parallel", defaultValue = "2", description = "Papers in flight at once (default: ${DEFAULT-VALUE}).")
    int parallel;

    @Option(names = "--server", defaultValue = "${env:PO_SERVER}", paramLabel = "URL",
            description = "A paper service to run on (env PO_SERVER; token from PO_TOKEN). Default: the embedded deployment.")
    @Nullable String server;

    @Option(names = "--offline", description = "Deterministic offline mode: no language model; model autoraters are skipped.")
    boolean offline;

    @Option(names = "--batch", description = "Send the model calls that can wait through the providers' batch APIs "
            + "(OpenAI Batch, Anthropic Message Batches) at their batch price; a paper waits for each batch "
            + "(po.llm.batch.*); each agent then listens with --parallel threads, so the papers in flight share "
            + "batches. Model mode on the embedded deployment; a service sets po.llm.batch itself.")
    boolean batch;

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

    @Option(names = "--judge", paramLabel = "PROVIDER:MODEL[@BASE_URL]", description = "Another judge family for the "
            + "side-by-side autorater besides the reviewer role's model, e.g. anthropic:claude-sonnet-4-5 or "
            + "openai:qwen@http://127.0.0.1:8000/v1; repeatable. Its key comes from the provider's usual variable "
            + "(OPENAI_API_KEY, GEMINI_API_KEY, ANTHROPIC_API_KEY). The families' agreement is reported.")
    List<String> judges = new ArrayList<>();

    @Mixin
    BrokerStartOption brokerStart = new BrokerStartOption();

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

    @Option(names = "--compare", paramLabel = "BENCH_DIR", description = "An earlier run to compare this one with "
            + "(as po bench compare): BENCH_DIR/compare.json and a section of the report.")
    @Nullable Path compare;

    @Option(names = "--keep-stale", description = "Keep the results of cases whose materials or options changed "
            + "since they ran, reported as stale, instead of running them again.")
    boolean keepStale;

    @Option(names = "--allow-incomplete", description = "Exit 0 when every case was written even if some are "
            + "incomplete (a gate or final check failed, or no PDF); without it such a run exits "
            + "3.")
    boolean allowIncomplete;

    /** Exit code: every case was written, but some are incomplete (a gate or final check failed, or no PDF). */
    public static final int SOME_INCOMPLETE = 3;
    /** Exit code: stopped by Ctrl-C or TERM; the partial results are written and the same command resumes. */
    public static final int INTERRUPTED = 130;

    /** Starts the deployment a run needs; never called when nothing is left to run. */
    @FunctionalInterface
    interface Backends {
        BenchBackend start(Path benchDir, boolean offline, Clock clock);
    }

    Map<String, String> environment = System.getenv();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;
    boolean terminal = System.console() != null;
    /** Tests replace the deployment; the default starts the embedded pipeline or connects to --server. */
    @Nullable Backends backends;
    /** Whether Ctrl-C and TERM are handled (off in tests, which share the JVM). */
    boolean handleSignals = true;
    /** Tests take the runner to interrupt it as a signal would. */
    java.util.function.Consumer<BenchRunner> onRunner = runner -> { };

    @Spec
    CommandSpec spec;

    private java.time.Instant started = java.time.Instant.now();
    /** When the deployment was ready and the first paper could be sent; null when none was started. */
    private java.time.@Nullable Instant papersStarted;
    private @Nullable ProviderSettings resolvedProviders;
    /** The side-by-side judge families besides the reviewer role's model, with their model settings. */
    private List<JudgeSpec> judgeSpecs = List.of();
    private List<ProviderSettings> judgeSettings = List.of();

    @Override
    public Integer call() {
        started = Clock.systemUTC().instant();
        if (out == null) {
            stderr.println("po bench: --out BENCH_DIR is required");
            return RunCommand.BAD_INPUT;
        }
        if (task.equals("revise")) {
            return ReviseTask.run(this, dataset, out, server, offline, cases, limit, timeout);
        }
        if (!task.equals("write")) {
            stderr.println("po bench: --task is write or revise, not " + task);
            return RunCommand.BAD_INPUT;
        }
        if (simulate != null) {
            if (batch) {
                stderr.println("po bench: --batch runs a dataset through the providers' batch APIs; the load "
                        + "simulation (--simulate) prices batch calls from its synchronous run instead");
                return RunCommand.BAD_INPUT;
            }
            return new CommandLine(new SimulateCommand()).execute(String.valueOf(simulate), "--out", out.toString());
        }
        if (dataset == null) {
            stderr.println("po bench: give a DATASET_DIR, or --simulate N for the load simulation");
            return RunCommand.BAD_INPUT;
        }
        if (batch && (offline || server != null)) {
            stderr.println("po bench: --batch sends model calls through the providers' batch APIs, so it needs model "
                    + "mode on the embedded deployment" + (server != null ? "; on a paper service, set "
                    + "po.llm.batch.enabled there" : ", not --offline"));
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
            judgeSpecs = JudgeSpec.parseAll(judges, firstJudge(providers));
            if (!judgeSpecs.isEmpty()) {
                if (offline || providers != null && providers.offline()) {
                    throw new IllegalArgumentException("--judge adds judge families to the side-by-side autorater, "
                            + "which needs a model: not with an offline run");
                }
                if (!kinds.contains(AutoraterSuite.Kind.SIDE_BY_SIDE)) {
                    throw new IllegalArgumentException("--judge needs the side-by-side autorater (--autoraters "
                            + "... side-by-side)");
                }
                judgeSettings = judgeSpecs.stream().map(spec -> spec.settings(environment)).toList();
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
        if (server != null && !offlineMode && (models.providerGiven() || environment.containsKey("PO_LLM_PROVIDER"))) {
            try {
                providers = ProviderSettings.resolve(models, false, environment);
                JudgeSpec.parseAll(judges, firstJudge(providers));
            } catch (IllegalArgumentException e) {
                stderr.println("po bench: " + e.getMessage());
                return RunCommand.BAD_INPUT;
            }
        }
        if (!judgeSpecs.isEmpty() && (offlineMode || providers == null || providers.offline())) {
            stderr.println("po bench: --judge adds judge families beside the reviewer role's model, so "
                    + (offlineMode ? "it needs model mode: this run is offline" : "a server run needs --llm (or "
                    + "PO_LLM_PROVIDER) for that first judge too"));
            return RunCommand.BAD_INPUT;
        }
        resolvedProviders = providers;
        Clock clock = Clock.systemUTC();
        BenchJournal journal = BenchJournal.open(benchDir);
        // a shared kit is part of every case's identity: a changed .sty reruns the cases, as a changed template does
        BenchPlan plan = BenchPlan.of(data, journal, retryFailed, keepStale,
                c -> checkedOptions(c.materials(), offlineMode).toString() + kitIdentity(c.materials()));
        List<String> withoutRecords = offlineMode ? withoutScholarRecords(data) : List.of();
        withoutRecords.forEach(name -> stdout.println("po bench: warning: case " + name + " has no "
                + SCHOLAR_RECORDS + ": offline it gets no citations and an empty References section"));
        plan.stale().forEach(name -> stdout.println("po bench: case " + name + " changed since its result "
                + "(materials or options); --keep-stale: its old result is reported, marked stale"));
        BenchRunner.Result result = new BenchRunner.Result(false, List.of(), List.of(), List.of());
        if (plan.idle()) {
            journal.close();
            stdout.println("po bench: nothing left to run (" + data.cases().size() + " cases have results); "
                    + "rebuilding the report without starting a deployment");
        } else {
            BenchBackend deployment = backends != null ? backends.start(benchDir, offlineMode, clock)
                    : server == null ? startEmbedded(benchDir) : ServerBackend.connect(server,
                    environment.get("PO_TOKEN"), offlineMode, clock);
            BenchBackend backend = templateDir == null ? deployment : new SharedKitBackend(deployment, templateDir);
            papersStarted = clock.instant();
            stdout.println("po bench: " + plan.todo().size() + " of " + data.cases().size() + " cases to run on "
                    + backend.describe() + " (" + (offlineMode ? "offline" : "model") + " mode), results in " + benchDir);
            BenchProgress progress = new BenchProgress(stdout, terminal, clock, backend::scholarQueue, offlineMode);
            AutoraterSuite suite = autoraters(kinds, deployment, offlineMode, providers, benchDir);
            BenchRunner runner = new BenchRunner(backend, journal, progress, clock, new BenchRunner.Settings(benchDir,
                    identity.tag(), parallel, timeout, retryFailed,
                    c -> checkedOptions(c.materials(), offlineMode), BenchCommand::usage),
                    (c, outputDir) -> suite.rate(c, outputDir.getFileName().toString(), outputDir));
            onRunner.accept(runner);
            CountDownLatch written = new CountDownLatch(1);
            // a shutdown that is no signal of ours (HUP, another thread's exit): stop in order as far as time allows
            Thread hook = new Thread(() -> {
                runner.interrupt();
                try {
                    written.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "po-bench-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            SignalStop signals = handleSignals ? SignalStop.install(() -> {
                stderr.println();
                stderr.println("po bench: stopping: no new case is submitted; the results so far are being written "
                        + "(press Ctrl-C again to stop at once)");
                runner.interrupt();
            }, () -> Runtime.getRuntime().halt(INTERRUPTED)) : null;
            try {
                result = runner.run(plan);
                if (terminal) {
                    stdout.println();
                }
                return finish(data, benchDir, plan, result, offlineMode, kinds, withoutRecords, identity);
            } finally {
                if (signals != null) {
                    signals.close();
                }
                suite.close();
                journal.close();
                backend.close();
                written.countDown();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // already shutting down: the hook is running and has just been let go
                }
            }
        }
        return finish(data, benchDir, plan, result, offlineMode, kinds, withoutRecords, identity);
    }

    /** Writes results, summary and report from BENCH_DIR, prints the final line and returns the exit code. */
    private int finish(Dataset data, Path benchDir, BenchPlan plan, BenchRunner.Result result, boolean offlineMode,
            Set<AutoraterSuite.Kind> kinds, List<String> withoutRecords, BenchRun identity) {
        ObjectNode run = environment(identity, plan, offlineMode, kinds);
        List<String> order = data.cases().stream().map(BenchCase::name).toList();
        List<ResultRow> rows;
        try (BenchJournal finished = BenchJournal.open(benchDir)) {
            rows = BenchResults.rows(benchDir, order, finished.all(), Set.copyOf(plan.stale()));
        }
        Map<String, String> notes = notes(offlineMode, kinds);
        if (!withoutRecords.isEmpty()) {
            notes.put("scholarRecords", "offline cases without " + SCHOLAR_RECORDS + " get no citations and an "
                    + "empty References section: " + String.join(", ", withoutRecords));
        }
        if (!plan.stale().isEmpty()) {
            notes.put("stale", "changed since their result, kept by --keep-stale: " + String.join(", ", plan.stale()));
        }
        String resume = resumeCommand();
        if (result.interrupted()) {
            notes.put("interrupted", "partial results: stopped with " + result.running().size() + " running and "
                    + result.queued().size() + " queued; resume with: " + resume);
        }
        ObjectNode comparison = null;
        if (compare != null) {
            try {
                // the rows just built are compared, so results.jsonl and summary.json go first
                BenchResults.write(benchDir, "po bench: " + data.root().getFileName(), rows, notes, run, null);
                comparison = BenchComparison.of(compare.toAbsolutePath().normalize(), benchDir);
            } catch (IllegalArgumentException e) {
                stdout.println("po bench: --compare: " + e.getMessage());
            }
        }
        BenchResults.write(benchDir, "po bench: " + data.root().getFileName(), rows, notes, run, comparison);
        Map<String, Long> states = new LinkedHashMap<>();
        for (CaseState state : CaseState.values()) {
            long count = rows.stream().filter(row -> state.label().equals(row.get("state"))).count();
            if (count > 0) {
                states.put(state.label(), count);
            }
        }
        long complete = states.getOrDefault(CaseState.COMPLETE.label(), 0L);
        long incomplete = states.getOrDefault(CaseState.INCOMPLETE.label(), 0L);
        long unwritten = rows.stream().filter(row -> !CaseState.COMPLETE.label().equals(row.get("state"))
                && !CaseState.INCOMPLETE.label().equals(row.get("state"))).count();
        StringBuilder line = new StringBuilder("po bench: ").append(complete).append(" of ").append(data.cases().size())
                .append(" cases complete");
        states.forEach((state, count) -> {
            if (!state.equals(CaseState.COMPLETE.label())) {
                line.append(", ").append(count).append(' ').append(state);
            }
        });
        if (!plan.stale().isEmpty()) {
            line.append(" (").append(plan.stale().size()).append(" stale)");
        }
        if (result.interrupted()) {
            stdout.println("po bench: interrupted. done in this run: " + list(result.finished()) + "; running (resumes "
                    + "next run): " + list(result.running()) + "; queued: " + list(result.queued()));
            stdout.println(line.append("; partial report ").append(benchDir.resolve("report.html")));
            stdout.println("po bench: resume with: " + resume);
            return INTERRUPTED;
        }
        stdout.println(line.append("; ").append(benchDir.resolve("report.html")));
        if (unwritten > 0) {
            return RunCommand.PAPER_FAILED;
        }
        if (incomplete > 0 && !allowIncomplete) {
            stdout.println("po bench: " + incomplete + " incomplete (their failed gates and checks are in results.jsonl "
                    + "and the report); exit " + SOME_INCOMPLETE + ", --allow-incomplete exits 0 for them");
            return SOME_INCOMPLETE;
        }
        return 0;
    }

    /** What this invocation ran with, for summary.json's "run" and the report: never a key or a prompt. */
    private ObjectNode environment(BenchRun identity, BenchPlan plan, boolean offlineMode, Set<AutoraterSuite.Kind> kinds) {
        ObjectNode run = Json.mapper().createObjectNode();
        String version = BenchCommand.class.getPackage().getImplementationVersion();
        run.put("version", version == null ? "development build" : version);
        String commit = environment.get("PO_COMMIT");
        if (commit != null) {
            run.put("commit", commit);
        }
        run.put("runId", identity.runId());
        run.put("deployment", server == null ? "embedded" : server);
        run.put("mode", offlineMode ? "offline" : "model");
        run.put("batch", batch);
        if (offlineMode) {
            run.put("models", "none (offline)");
        } else if (resolvedProviders != null) {
            StringBuilder models = new StringBuilder();
            resolvedProviders.bindings().forEach((role, binding) -> models.append(models.isEmpty() ? "" : ", ")
                    .append(role.name().toLowerCase(java.util.Locale.ROOT)).append(": ").append(binding.kind())
                    .append(' ').append(binding.model()));
            run.put("models", models.toString());
        }
        run.put("parallel", parallel);
        run.put("timeout", timeout.toString());
        run.put("iterations", String.valueOf(iterations.limit()));
        run.put("autoraters", String.join(", ", kinds.stream().map(AutoraterSuite.Kind::id).sorted().toList()));
        if (kinds.contains(AutoraterSuite.Kind.SIDE_BY_SIDE) && !offlineMode) {
            List<String> families = new ArrayList<>(List.of(firstJudge(resolvedProviders)));
            judgeSpecs.forEach(spec -> families.add(spec.label()));
            run.put("judges", String.join(", ", families));
        }
        run.put("cases", plan.digests().size());
        run.put("ranThisInvocation", plan.todo().size());
        run.put("started", started.toString());
        java.time.Instant ended = Clock.systemUTC().instant();
        run.put("ended", ended.toString());
        run.put("duration", Duration.between(started, ended).toSeconds() + " s");
        // the report's wall time: from the command's start, split at the moment the deployment was ready
        run.put("durationSeconds", Duration.between(started, ended).toSeconds());
        if (papersStarted != null) {
            run.put("startingSeconds", Duration.between(started, papersStarted).toSeconds());
            run.put("papersSeconds", Duration.between(papersStarted, ended).toSeconds());
        }
        run.put("machine", System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", "
                + Runtime.getRuntime().availableProcessors() + " cores, Java " + Runtime.version() + ", heap "
                + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB");
        return run;
    }

    private static String list(List<String> names) {
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    /** The command line of this run, as typed: running it again continues where this one stopped. */
    private String resumeCommand() {
        List<String> args = spec == null ? List.of() : spec.commandLine().getParseResult().originalArgs();
        // as a subcommand of po the original arguments start with "bench" itself
        int own = spec == null || spec.parent() == null ? -1 : args.indexOf(spec.name());
        args = args.subList(own + 1, args.size());
        StringBuilder command = new StringBuilder("po bench");
        args.forEach(arg -> command.append(' ').append(arg.matches("[A-Za-z0-9_./=:,@+-]+") ? arg
                : "'" + arg.replace("'", "'\\''") + "'"));
        return command.toString();
    }

    private static List<String> withoutScholarRecords(Dataset data) {
        return data.cases().stream().filter(c -> !Files.isRegularFile(c.materials().resolve(SCHOLAR_RECORDS)))
                .map(BenchCase::name).toList();
    }

    /**
     * The job options of a case after the same intake {@code po run} applies.
     *
     * @throws InvalidMaterialsException naming the case's first problem
     */
    private JobOptions checkedOptions(Path materials, boolean offlineMode) {
        return switch (MaterialsIntake.check(materials, templateDir, new JobRequest(null, null, null,
                iterations.limit(), offlineMode), MaterialsLimits.defaults())) {
            case IntakeResult.Accepted<CheckedMaterials> accepted -> accepted.value().options();
            case IntakeResult.Rejected<CheckedMaterials> rejected -> {
                MaterialsProblem first = rejected.problems().getFirst();
                throw new InvalidMaterialsException(materials.resolve(first.file()).toString(), first.problem());
            }
        };
    }

    /** The shared kit's digest (with --template-dir), as the case's intake found it; empty without one. */
    private String kitIdentity(Path materials) {
        if (templateDir == null) {
            return "";
        }
        List<MaterialsProblem> problems = new ArrayList<>();
        TemplateKit kit = TemplateKit.find(materials, templateDir, MaterialsLimits.defaults(), problems,
                new ArrayList<>());
        if (kit == null) {
            throw new InvalidMaterialsException(problems.getFirst().file(), problems.getFirst().problem());
        }
        return " kit " + kit.digest();
    }

    private BenchBackend startEmbedded(Path benchDir) {
        // each case's scholar_records.json travels with its own job, so cases never see each other's records
        List<String> agentArgs = new ArrayList<>(models.springArgs());
        agentArgs.addAll(scholarly.springArgs(environment));
        if (batch) {
            // every paper in flight waits for batches in its own listener thread, so their calls share batches
            agentArgs.add("--po.llm.batch.enabled=true");
            agentArgs.add("--po.kafka.listener-concurrency=" + Math.min(parallel, 64));
        }
        PipelineSettings settings = new PipelineSettings(benchDir.resolve("state"), List.of(), agentArgs)
                .withBrokerStartTimeout(brokerStart.timeout());
        stdout.println("po bench: starting the embedded pipeline (logs: " + settings.logFile() + ")");
        try {
            return EmbeddedBackend.start(settings, line -> { }, Clock.systemUTC());
        } catch (EmbeddedKraftBroker.BrokerStartException e) {
            throw new BrokerStartOption.StartFailure(e, brokerStart.timeout());
        }
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
            // kept apart so the raters' calls can be read back as the first judge family's cost
            UsageLedger ledger = new InMemoryUsageLedger();
            LlmGateway own = DefaultLlmGateway.create(providers.properties(), providers.bindings(),
                    new LocalBlobStore(benchDir.resolve("autorater-cache")), ledger,
                    new LlmMetrics(new SimpleMeterRegistry()), PaperCancellations.NONE);
            return new AutoraterSuite(kinds, new JudgeFamily(firstJudge(providers), own, ledger), "no model gateway",
                    viaService, otherJudges(benchDir));
        }
        if (offlineMode) {
            return new AutoraterSuite(kinds, null, "offline run (no model)", (c, id, refs) -> replayLookup(c));
        }
        JudgeFamily first = JudgeFamily.ofAgent(firstJudge(providers), embedded.pipeline().contexts()).orElse(null);
        ReferenceLookups verifier = new ReferenceLookups(
                Map.of(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, embedded.pipeline().bootstrapServers()),
                referenceTimeout, Clock.systemUTC());
        return new AutoraterSuite(kinds, first, "no model gateway", new AutoraterSuite.ReferenceResolution() {
            @Override
            public ScholarLookup lookupFor(BenchCase benchCase, String paperId, List<BibEntry> references) {
                return ScholarLookup.resolved(verifier.resolve(paperId,
                        references.stream().map(BibEntry::query).toList())).orElse(replayLookup(benchCase));
            }

            @Override
            public void close() {
                verifier.close();
            }
        }, otherJudges(benchDir));
    }

    /** The first judge family, the reviewer role's model, by provider and model when they are known. */
    private static String firstJudge(@Nullable ProviderSettings providers) {
        if (providers == null || providers.offline() || !providers.bindings().containsKey(LlmRole.REVIEWER)) {
            return "reviewer";
        }
        RoleBinding reviewer = providers.bindings().get(LlmRole.REVIEWER);
        return reviewer.kind().name().toLowerCase(java.util.Locale.ROOT) + ":" + reviewer.model();
    }

    /** A gateway of po bench's own for every {@code --judge} family ({@link JudgeFamily#open}). */
    private List<JudgeFamily> otherJudges(Path benchDir) {
        List<JudgeFamily> families = new ArrayList<>();
        for (int i = 0; i < judgeSpecs.size(); i++) {
            families.add(JudgeFamily.open(judgeSpecs.get(i), judgeSettings.get(i), benchDir));
        }
        return families;
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
        List<String> enabled = kinds.stream().map(AutoraterSuite.Kind::id).sorted().toList();
        notes.put("autoratersEnabled", enabled.isEmpty() ? "none" : String.join(", ", enabled));
        return notes;
    }

    /** What a completed paper's summary says it spent, for the progress line. */
    static BenchRunner.Usage usage(Path outputDir) {
        RunSummary summary = BenchResults.readSummary(outputDir);
        if (summary == null) {
            return BenchRunner.Usage.NONE;
        }
        return new BenchRunner.Usage(summary.scholarRequests(), summary.scholar().replayLookups(),
                summary.llm().tokens(), summary.llm().estimatedCostUsd());
    }
}
