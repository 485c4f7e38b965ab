package dev.paperorchestra.cli.run;

import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PaperOutcome;
import dev.paperorchestra.embedded.broker.EmbeddedKraftBroker;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import dev.paperorchestra.cli.state.PaperRegistry;
import dev.paperorchestra.cli.state.StateDirLock;
import dev.paperorchestra.content.outputs.PaperVerdict;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.runtime.kafka.PaperIds;
import dev.paperorchestra.content.latex.KitCode;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.latex.TemplateTrial;
import dev.paperorchestra.content.latex.TexInstallation;
import dev.paperorchestra.model.tex.TexPrimitives;
import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.content.materials.CheckedMaterials;
import dev.paperorchestra.content.materials.IntakeResult;
import dev.paperorchestra.content.materials.JobRequest;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.content.materials.MaterialsIntake;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.content.materials.MaterialsProblem;
import dev.paperorchestra.base.redaction.Redaction;
import dev.paperorchestra.runtime.sandbox.Executables;
import dev.paperorchestra.runtime.sandbox.JobFiles;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.service.PaperServiceApplication;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.core.env.StandardEnvironment;
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
    static final String LATEXMK_ENV = "PO_LATEXMK";
    /** How to get paper.pdf where TeX is missing. */
    static final String TEX_INSTALL = "Install TeX Live: apt-get install latexmk texlive-latex-base "
            + "texlive-latex-recommended texlive-latex-extra texlive-fonts-recommended";

    @Parameters(index = "0", paramLabel = "MATERIALS_DIR",
            description = "Directory with idea.md, experimental_log.md, template.tex, conference_guidelines.md "
                    + "(or guidelines.md, also accepted beside the kit's template.tex) and optionally figures/, "
                    + "job.json and scholar_records.json.")
    Path materials;

    @Option(names = "--template-dir", paramLabel = "KIT", description = "The venue's author kit: KIT/template.tex "
            + "with the files it needs (.sty, .cls, .bst, \\input'ed .tex, .cfg, .def, .clo, .fd, logos; sub-directories "
            + "kept), used instead of the materials' template.tex (default: the kit in the materials: template/ or "
            + "the kit files beside template.tex).")
    @Nullable Path templateDir;

    @Option(names = "--out", defaultValue = "out", description = "Output root; the paper goes to OUT/<paper-id>/ (default: ${DEFAULT-VALUE}).")
    Path out;

    @Mixin
    ModelOptions models = new ModelOptions();

    @Option(names = "--state-dir", defaultValue = "${env:PO_STATE_DIR:-.po-state}",
            description = "Broker data, blob store and logs (default: ${DEFAULT-VALUE}).")
    Path stateDir;

    @Mixin
    JobFlags job = new JobFlags();

    @Mixin
    BrokerStartOption brokerStart = new BrokerStartOption();

    @Option(names = "--timeout", defaultValue = JobFlags.PAPER_TIMEOUT, description = "Give up after this long, ISO-8601 (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(names = "--check", description = "Check the materials and options, print what was found, and stop "
            + "(nothing starts; exit 0 when the materials are usable, 2 when not).")
    boolean checkOnly;

    @Option(names = "--paper-id", description = "Paper id: 1-64 letters, digits, '.', '_', '-' (default: <materials-dir-name>-<timestamp>). "
                    + "Reusing an id with the same materials and options resumes that paper or returns its result; "
                    + "with different ones it is refused.")
    @Nullable String paperId;

    @Option(names = "--allow-incomplete", description = "Exit 0 for a paper that was written but failed a gate or "
            + "did not compile (its files and summary.json still say what failed).")
    boolean allowIncomplete;

    @Option(names = "--no-pdf", description = "Accept a paper without paper.pdf, e.g. where TeX is not installed "
            + "(without it such a run exits 1).")
    boolean noPdf;

    @Mixin
    ScholarlyOptions scholarly = new ScholarlyOptions();

    @Option(names = "--approval-port", defaultValue = "0", paramLabel = "PORT",
            description = "With --approvals: the port on 127.0.0.1 where this run serves the paper service, for "
                    + "po approve / po reject --server http://127.0.0.1:PORT (default: a free port, printed).")
    int approvalPort;

    @Option(names = "--no-sandbox", description = "Compile without the bubblewrap sandbox (po.sandbox.mode=none), where "
            + "bubblewrap cannot run: " + SandboxChoice.WITHOUT_SANDBOX + ". Without this option a run where bubblewrap "
            + "cannot run is refused (exit 2).")
    boolean noSandbox;

    @Option(names = "--no-prompt", description = "With --approvals: do not ask on the terminal; only print how to "
            + "decide (the paper waits for po approve / po reject or its gate's timeout).")
    boolean noPrompt;


    Map<String, String> environment = System.getenv();
    /** The interactive terminal to ask at a gate; empty when stdin is not one. */
    Supplier<@Nullable BufferedReader> terminal = RunCommand::interactiveTerminal;
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;

    @Override
    public Integer call() {
        // a missing provider is reported after the materials' problems, so one run names everything to fix
        @Nullable ProviderSettings providers = null;
        @Nullable String providerProblem = null;
        try {
            providers = ProviderSettings.resolve(models, job.offline(), environment);
        } catch (IllegalArgumentException | IllegalStateException e) {
            providerProblem = e.getMessage();
        }
        MaterialsLimits limits;
        try {
            limits = MaterialsLimits.from(new StandardEnvironment());
            if (paperId != null) {
                PaperIds.requireValid(paperId);
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            stderr.println("po: " + e.getMessage());
            return BAD_INPUT;
        }
        if (timeout.isNegative() || timeout.isZero()) {
            stderr.println("po: --timeout: " + timeout + " is not a positive duration, e.g. PT20M");
            return BAD_INPUT;
        }
        JobRequest request = new JobRequest(job.cutoff(), job.venue(), job.pageLimit(), job.iterations().limit(),
                providers == null ? job.offline() : providers.offline(), job.approvals(), job.approvalTimeout());
        SandboxChoice sandbox = SandboxChoice.of(noSandbox, environment);
        Optional<String> refusal = sandbox.refusal();
        if (refusal.isPresent()) {
            stderr.println("po: " + refusal.get());
            return BAD_INPUT;
        }
        // the first compile works outside the state directory: a refused job leaves nothing behind there
        Path trialDir = trialDirectory();
        CheckedMaterials checked = switch (MaterialsIntake.check(materials, templateDir, request, limits,
                templateTrial(limits, sandbox.sandbox(), trialDir))) {
            case IntakeResult.Rejected<CheckedMaterials> rejected -> {
                rejected.problems().forEach(problem -> stderr.println("po: " + located(problem)));
                if (providerProblem != null) {
                    stderr.println("po: " + providerProblem);
                }
                stderr.println("po: nothing was started; fix the materials or options above and run again");
                yield null;
            }
            case IntakeResult.Accepted<CheckedMaterials> accepted -> {
                accepted.notes().forEach(note -> stdout.println("note: " + materials.resolve(note)));
                yield accepted.value();
            }
        };
        // the first compile's job directories are kept by the compiler when TeX fails; here that is the finding
        JobFiles.deleteTree(trialDir);
        if (checked == null) {
            return BAD_INPUT;
        }
        boolean materialsAllowed = kitAllowed(checked, limits, sandbox.isolation())
                && templateAllowed(checked, sandbox.isolation());
        if (providers == null) {
            stderr.println("po: " + providerProblem);
            return BAD_INPUT;
        }
        if (!materialsAllowed) {
            return BAD_INPUT;
        }
        if (checkOnly) {
            stdout.println("materials " + materials + " are usable: " + checked.content().tables().size()
                    + " log table(s), " + checked.figures().size() + " figure(s), template sections "
                    + checked.content().template().sections()
                    + (checked.kit().files().isEmpty() ? "" : ", template kit of " + checked.kit().files().size()
                            + " file(s) in " + checked.kit().root()));
            return 0;
        }
        providers.bindings().values().forEach(binding -> stdout.println("model " + binding));
        if (Executables.find(latexmk()).isEmpty()) {
            stdout.println("NOTICE TeX: " + latexmk() + " was not found, so there will be no paper.pdf; the LaTeX is "
                    + "still written. " + (noPdf ? "--no-pdf: the run accepts that." : "Without a PDF this run exits 1; "
                    + "pass --no-pdf to accept a paper without one.") + " " + TEX_INSTALL);
        }
        sandbox.notice().ifPresent(stdout::println);
        return runPaper(checked, sandbox);
    }

    /**
     * Without bubblewrap, the template held to the stricter check the compile will apply (every way to build a
     * command's name at run time refused), before anything is paid for.
     */
    private boolean templateAllowed(CheckedMaterials checked, Sandbox.Isolation isolation) {
        if (isolation == Sandbox.Isolation.BUBBLEWRAP) {
            return true;
        }
        List<TexPrimitives.Finding> findings = TexPrimitives.scanWithoutSandbox(
                checked.content().template().source());
        if (findings.isEmpty()) {
            return true;
        }
        Path template = checked.kit().root().resolve(LatexTemplate.FILE);
        stderr.println("po: " + template + ": " + TexPrimitives.describe(findings) + "; without the bubblewrap "
                + "sandbox every way to build a command's name while TeX runs is refused too");
        stderr.println("po: nothing was started; fix the template, or run where bubblewrap can run");
        return false;
    }

    /**
     * The template's first compile, in the sandbox the agents compile in, before anything starts: the authority on
     * whether this TeX can set the template ({@link TemplateTrial}); none when TeX checks are switched off.
     */
    private @Nullable TemplateTrial templateTrial(MaterialsLimits limits, Sandbox sandbox, Path trialDir) {
        if (!limits.checkTex()) {
            return null;
        }
        return new TemplateTrial(new LatexCompiler(latexmk(), Duration.ofMinutes(2), trialDir, sandbox),
                TexInstallation.kpsewhich());
    }

    /** Where the template's first compile runs: a fresh temporary directory, removed once the intake is done. */
    private static Path trialDirectory() {
        try {
            return Files.createTempDirectory("po-template-trial-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory for the template's first compile", e);
        }
    }

    /**
     * The kit's code against the sandbox the agents will compile in, before anything is paid for: without bubblewrap
     * a kit that reads files is refused here, in the words the compile would use (which refuses it too).
     */
    private boolean kitAllowed(CheckedMaterials checked, MaterialsLimits limits, Sandbox.Isolation isolation) {
        if (checked.kit().files().isEmpty()) {
            return true;
        }
        List<MaterialsProblem> problems = new ArrayList<>();
        Map<String, byte[]> kit = checked.kit().read(limits, problems);
        problems.forEach(problem -> stderr.println("po: " + checked.kit().root().resolve(problem.file()) + ": "
                + problem.problem()));
        List<KitCode.Refusal> refusals = KitCode.refusals(kit, isolation);
        if (!refusals.isEmpty()) {
            stderr.println("po: " + checked.kit().root().resolve(refusals.getFirst().file()) + ": "
                    + KitCode.describe(refusals, isolation));
        }
        if (!problems.isEmpty() || !refusals.isEmpty()) {
            stderr.println("po: nothing was started; fix the template's kit above and run again");
            return false;
        }
        return true;
    }

    /** The problem with its file inside the materials directory; an option is named as it is. */
    private String located(MaterialsProblem problem) {
        if (problem.file().startsWith("--") || problem.file().equals(materials.toString())) {
            return problem.message();
        }
        return materials.resolve(problem.file()) + ": " + problem.problem();
    }

    private int runPaper(CheckedMaterials checked, SandboxChoice sandbox) {
        // taken before the broker touches its files; held until the pipeline has stopped
        try (StateDirLock lock = StateDirLock.acquire(stateDir)) {
            PaperRegistry registry = new PaperRegistry(stateDir);
            String digest = MaterialsDirectory.digest(materials, checked.kit(), checked.options());
            PaperIdDecision decision;
            try {
                decision = PaperIdDecision.decide(paperId, PaperIds.generate(materialsName(materials),
                        LocalDateTime.now()), digest, registry);
            } catch (IllegalArgumentException e) {
                stderr.println("po: " + e.getMessage());
                return BAD_INPUT;
            }
            if (decision instanceof PaperIdDecision.Follow follow) {
                stdout.println(follow.notice());
            } else {
                if (paperId == null) {
                    // e.g. a run killed earlier: say plainly that this one starts over, and how to resume that one
                    registry.unfinished(digest).forEach(earlier -> stdout.println("note: paper " + earlier
                            + " was started from the same materials and options and did not finish; this run "
                            + "starts over as paper " + decision.paperId() + " (to resume " + earlier
                            + " instead, run again with --paper-id " + earlier + ")"));
                }
                registry.record(decision.paperId(), digest, PaperRegistry.State.SUBMITTED);
            }
            return runPaper(checked, sandbox, decision, outcome -> {
                if (!(outcome instanceof PaperOutcome.TimedOut)) {
                    registry.record(decision.paperId(), digest, outcome instanceof PaperOutcome.Completed
                            ? PaperRegistry.State.COMPLETED : PaperRegistry.State.FAILED);
                }
            });
        } catch (StateDirLock.StateDirInUseException | InvalidMaterialsException e) {
            stderr.println("po: " + e.getMessage());
            return BAD_INPUT;
        }
    }

    private int runPaper(CheckedMaterials checked, SandboxChoice sandbox, PaperIdDecision decision,
            Consumer<PaperOutcome> finished) {
        String id = decision.paperId();
        // the materials' scholar_records.json travels with the job (uploaded with the materials)
        List<String> agentArgs = new ArrayList<>(models.springArgs());
        agentArgs.addAll(scholarly.springArgs(environment));
        if (environment.containsKey(LATEXMK_ENV)) {
            agentArgs.add("--po.writer.latexmk=" + latexmk());
            agentArgs.add("--po.refine.latexmk=" + latexmk());
        }
        agentArgs.addAll(sandbox.springArgs());
        PipelineSettings settings = new PipelineSettings(stateDir.toAbsolutePath(), List.of(), agentArgs)
                .withBrokerStartTimeout(brokerStart.timeout());
        stdout.println("starting the embedded pipeline (logs: " + settings.logFile() + ")");
        try (EmbeddedPipeline pipeline = EmbeddedPipeline.start(settings, line -> stdout.println("  " + line))) {
            Consumer<PaperStatusChangedEvent> onStatus = status -> { };
            if (!checked.options().getApprovals().isEmpty()) {
                // a gate waits for a decision through the paper service: this run serves one, on loopback only
                int port = approvalPort > 0 ? approvalPort : freePort();
                pipeline.startPaperService(PaperServiceApplication.builder(), port, List.of(),
                        line -> stdout.println("  " + line));
                String server = "http://127.0.0.1:" + port;
                stdout.println("approval gates " + String.join(", ", checked.options().getApprovals())
                        + ": decide through the paper service at " + server + " (po approve / po reject --server "
                        + server + ")");
                onStatus = new RunApprovals(id, server, stdout, noPrompt ? null : terminal.get(),
                        environment.get("USER"));
            }
            PaperRun.Result result = new PaperRun(pipeline, stdout, Clock.systemUTC(), onStatus)
                    .run(checked, id, out, timeout, decision instanceof PaperIdDecision.Submit);
            finished.accept(result.outcome());
            return switch (result.outcome()) {
                case PaperOutcome.Completed completed -> verdict(id, result.outputDirectory());
                case PaperOutcome.Failed failed -> {
                    stderr.println("po: paper " + id + " failed at stage " + failed.stage() + ": "
                            + Redaction.redact(failed.reason()));
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
                    if (!checked.options().getApprovals().isEmpty()) {
                        stderr.println("po: a paper waiting at an approval gate still waits in " + stateDir
                                + "; po run --paper-id " + id + " with the same materials and options follows it "
                                + "again (its gate's own timeout ends it)");
                    }
                    yield PAPER_FAILED;
                }
            };
        } catch (InvalidMaterialsException e) {
            stderr.println("po: " + e.getMessage());
            return BAD_INPUT;
        } catch (EmbeddedKraftBroker.BrokerStartException e) {
            stderr.println("po: " + Redaction.redact(BrokerStartOption.failure(e, brokerStart.timeout())));
            stderr.println("po: the broker's own log is in " + settings.logFile());
            return PAPER_FAILED;
        } catch (RuntimeException e) {
            // e.g. the state directory is locked by another po, or an agent could not start
            stderr.println("po: the embedded pipeline failed: " + Redaction.redact(String.valueOf(e.getMessage())));
            stderr.println("po: details in " + settings.logFile());
            return PAPER_FAILED;
        }
    }

    /** 0 for a complete paper; 1 for one that was written but is not (0 with --allow-incomplete), saying why. */
    private int verdict(String id, Path paperDir) {
        PaperVerdict verdict = PaperVerdict.of(paperDir, !noPdf);
        if (verdict.complete()) {
            return 0;
        }
        stderr.println("po: paper " + id + " was written to " + paperDir + " but is not complete:");
        verdict.shortfalls().forEach(shortfall -> stderr.println("po:   " + Redaction.redact(shortfall)));
        if (allowIncomplete) {
            stderr.println("po: --allow-incomplete: exiting 0 with the draft as it is");
            return 0;
        }
        stderr.println("po: summary.json has every finding; --allow-incomplete exits 0 for such a paper");
        return PAPER_FAILED;
    }

    /**
     * The terminal, when a person sits at it. From Java 22 on, System.console() exists for a pipe too and
     * Console.isTerminal() says whether it is one; on 21 a console exists only for a terminal.
     */
    static @Nullable BufferedReader interactiveTerminal() {
        Console console = System.console();
        if (console == null) {
            return null;
        }
        try {
            if (!(Boolean) Console.class.getMethod("isTerminal").invoke(console)) {
                return null;
            }
        } catch (ReflectiveOperationException e) {
            // Java 21: no isTerminal, and the console is a terminal
        }
        return new BufferedReader(console.reader());
    }

    /** A port free on loopback now, for the run's paper service. */
    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on 127.0.0.1 for the paper service", e);
        }
    }

    /** The latexmk the agents compile with: {@code PO_LATEXMK}, else {@code latexmk} on the PATH. */
    private String latexmk() {
        return environment.getOrDefault(LATEXMK_ENV, "latexmk");
    }

    static String materialsName(Path materials) {
        Path name = materials.toAbsolutePath().normalize().getFileName();
        return name == null ? "paper" : name.toString();
    }
}
