package dev.paperorchestra.cli.revise;

import dev.paperorchestra.cli.run.ModelOptions;
import dev.paperorchestra.cli.run.ProviderSettings;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.materials.Guidelines;
import dev.paperorchestra.content.revision.ModelRevision;
import dev.paperorchestra.content.revision.VerifiedWorks;
import dev.paperorchestra.content.revision.LatexDiff;
import dev.paperorchestra.content.revision.PaperRevision;
import dev.paperorchestra.content.revision.PaperSource;
import dev.paperorchestra.content.revision.HumanReview;
import dev.paperorchestra.content.revision.ReviewReader;
import dev.paperorchestra.content.revision.PaperReviser;
import dev.paperorchestra.content.revision.RevisionFiles;
import dev.paperorchestra.content.revision.RevisionMaterials;
import dev.paperorchestra.content.revision.RevisionSummary;
import dev.paperorchestra.literature.scholarly.RequestSpacer;
import dev.paperorchestra.literature.verify.s2.SemanticScholarClient;
import dev.paperorchestra.literature.verify.s2.SemanticScholarSettings;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.cancel.PaperCancellations;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.base.http.Sleeper;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.gateway.core.DefaultLlmGateway;
import dev.paperorchestra.gateway.core.RoleBinding;
import dev.paperorchestra.gateway.usage.InMemoryUsageLedger;
import dev.paperorchestra.gateway.usage.LlmMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.time.Clock;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.cli.run.SandboxChoice;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code po revise PAPER --reviews R... [--materials DIR] [--out DIR] [--offline | --llm PROVIDER]}: the paper revised
 * from human reviews, a response letter, a change-highlighted PDF and revision/summary.json. Runs in this JVM (no
 * broker). Offline, deterministic rules decide; in model mode the model gateway splits, decides, edits and re-scores
 * ({@link ModelRevision}) and a reviewer's suggested work is verified through the literature agent's verifier over
 * Semantic Scholar. Both modes share the evidence lock, the fabrication audit and the gates.
 */
@Command(name = "revise", mixinStandardHelpOptions = true,
        description = "Revise a paper from human reviews: points split and decided (revise, add from the log, cite, "
                + "rebut, or needs new experiments), evidence-locked section edits kept only when a re-score does not "
                + "drop, a point-by-point response letter, a latexdiff PDF and revision/summary.json. Exit 0 only "
                + "with a valid PDF and a clean fabrication audit.")
public class ReviseCommand implements Callable<Integer> {

    /** Exit code for a revision without a valid PDF or with an audit finding in the revised paper. */
    public static final int NOT_PASSED = 1;
    /** Exit code for unusable input, detected before anything ran. */
    public static final int BAD_INPUT = 2;
    static final String LATEXMK_ENV = "PO_LATEXMK";
    static final String LATEXDIFF_ENV = "PO_LATEXDIFF";
    private static final Duration COMPILE_TIMEOUT = Duration.ofMinutes(3);

    @Parameters(index = "0", paramLabel = "PAPER", description = "The paper's LaTeX source directory: the main .tex "
            + "(paper.tex, main.tex or the one with \\documentclass), its .bib, figures/ and the kit's style files.")
    Path paper;

    @Option(names = "--reviews", required = true, arity = "1..*", paramLabel = "REVIEW",
            description = "One or more review files: Markdown (.md), plain text, or OpenReview's JSON export (.json).")
    List<Path> reviews = new ArrayList<>();

    @Option(names = "--materials", paramLabel = "DIR", description = "The materials the paper came from: "
            + "experimental_log.md and idea.md, the only source of new numbers (without them no number is added).")
    @Nullable Path materials;

    @Option(names = "--verified-bib", paramLabel = "FILE", description = "Extra BibTeX entries already verified "
            + "(e.g. by the literature agent) that a revision may cite when a reviewer names them.")
    @Nullable Path verifiedBib;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the revised paper and revision/ go "
            + "(default: out/<paper-dir-name>-revised).")
    @Nullable Path out;

    @Option(names = "--offline", description = "Deterministic rules, no model. Every text output is labelled. "
            + "Without it the model gateway revises (--llm or PO_LLM_PROVIDER names the provider).")
    boolean offline;

    @Mixin
    ModelOptions models = new ModelOptions();

    @Option(names = "--s2-base-url", paramLabel = "URL",
            description = "Semantic Scholar-compatible API root the citations a reviewer asks for are verified against "
                    + "in model mode (env PO_S2_BASE_URL; key from env PO_S2_API_KEY; default: the public API).")
    @Nullable String s2BaseUrl;

    @Option(names = "--guidelines", paramLabel = "FILE", description = "The venue's guidelines (Markdown, as "
            + "guidelines.md of the materials, which is read when this is not given): their page limit holds for "
            + "the revised paper.")
    @Nullable Path guidelines;

    @Option(names = "--page-limit", paramLabel = "PAGES", description = "The main-text page limit of the revised "
            + "paper (overrides the guidelines').")
    @Nullable Integer pageLimit;

    @Option(names = "--paper-id", defaultValue = "", description = "The id in logs and compile directories "
            + "(default: the paper directory's name).")
    String paperId = "";

    Map<String, String> environment = System.getenv();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;

    /** Exit code for a model provider that stayed unavailable after the gateway's retries: try again later. */
    public static final int MODEL_UNAVAILABLE = 3;
    private static final String S2_PUBLIC = "https://api.semanticscholar.org";

    @Override
    public Integer call() {
        ProviderSettings providers;
        try {
            providers = ProviderSettings.resolve(models, offline, environment);
        } catch (IllegalArgumentException e) {
            stderr.println("po: " + e.getMessage());
            return BAD_INPUT;
        }
        if (!Files.isDirectory(paper)) {
            stderr.println("po: " + paper + " is not a directory with the paper's LaTeX source");
            return BAD_INPUT;
        }
        String id = paperId.isBlank() ? paper.toAbsolutePath().normalize().getFileName().toString() : paperId;
        PaperSource source;
        List<HumanReview> read = new ArrayList<>();
        RevisionMaterials revisionMaterials;
        String extra;
        @Nullable Integer limit;
        try {
            source = PaperSource.read(paper);
            for (Path review : reviews) {
                read.addAll(ReviewReader.read(review));
            }
            // a paper of several files is revised as one text; its files are written back one by one
            revisionMaterials = new RevisionMaterials(source.expandedTex(), source.bibliography(),
                    optional(materials, "experimental_log.md"), optional(materials, "idea.md"));
            extra = verifiedBib == null ? "" : Files.readString(verifiedBib, StandardCharsets.UTF_8);
            limit = pageLimit(pageLimit, guidelines != null ? Files.readString(guidelines, StandardCharsets.UTF_8)
                    : optional(materials, "guidelines.md"));
        } catch (IllegalArgumentException | UncheckedIOException | IOException e) {
            stderr.println("po: " + e.getMessage());
            return BAD_INPUT;
        }
        if (read.isEmpty()) {
            stderr.println("po: no review text found in " + reviews);
            return BAD_INPUT;
        }
        Path target = out != null ? out : Path.of("out", id + "-revised");
        SandboxChoice choice = SandboxChoice.of(false, environment);
        if (choice.refusal().isPresent()) {
            stderr.println("po: " + choice.refusal().get());
            return BAD_INPUT;
        }
        choice.notice().ifPresent(stdout::println);
        Sandbox sandbox = choice.sandbox();
        Path work = target.resolve(".work");
        LatexCompiler compiler = new LatexCompiler(environment.getOrDefault(LATEXMK_ENV, "latexmk"), COMPILE_TIMEOUT,
                work, sandbox);
        LatexDiff diff = new LatexDiff(environment.getOrDefault(LATEXDIFF_ENV, "latexdiff"), sandbox, work,
                COMPILE_TIMEOUT);
        PaperRevision revision = new PaperRevision(compiler, diff);
        PaperRevision.Options options = new PaperRevision.Options(limit);
        PaperRevision.Outcome outcome;
        String label;
        if (providers.offline()) {
            label = ModelMode.OFFLINE_LABEL;
            stdout.println(label);
            outcome = revision.run(id, source, revisionMaterials, PaperReviser.offline(revisionMaterials, extra), read,
                    "offline", options);
        } else {
            label = "";
            RoleBinding planner = providers.bindings().get(LlmRole.PLANNER);
            RoleBinding reviewer = providers.bindings().get(LlmRole.REVIEWER);
            String mode = "model:" + planner.kind().name().toLowerCase(java.util.Locale.ROOT) + "/" + planner.model();
            stdout.println("MODEL MODE: revised by " + describe(planner) + "; re-scored by " + describe(reviewer)
                    + "; citations verified against Semantic Scholar at " + s2Root());
            LlmGateway gateway = DefaultLlmGateway.create(providers.properties(), providers.bindings(),
                    new LocalBlobStore(work.resolve("llm-cache")), new InMemoryUsageLedger(),
                    new LlmMetrics(new SimpleMeterRegistry()), PaperCancellations.NONE);
            try {
                outcome = revision.run(id, source, revisionMaterials, VerifiedWorks.modelReviser(gateway, id,
                        revisionMaterials, extra, new RevisionCitationVerifier(scholar(), id)), read, mode, options);
            } catch (RetriableException e) {
                stderr.println("po: the model provider or Semantic Scholar stayed unavailable after retries "
                        + "(retriable, try again later): " + e.getMessage());
                return MODEL_UNAVAILABLE;
            } catch (PermanentException e) {
                stderr.println("po: the revision stopped on a model answer or a request that cannot succeed "
                        + "(permanent): " + e.getMessage());
                return NOT_PASSED;
            }
        }
        RevisionFiles.write(target, source, outcome, label);
        deleteIfEmpty(work);
        report(outcome.summary(), target);
        return outcome.summary().passed() ? 0 : NOT_PASSED;
    }

    private static String describe(RoleBinding binding) {
        return binding.kind().name().toLowerCase(java.util.Locale.ROOT) + " model " + binding.model() + " at "
                + binding.baseUrl();
    }

    private String s2Root() {
        String given = s2BaseUrl != null && !s2BaseUrl.isBlank() ? s2BaseUrl : environment.get("PO_S2_BASE_URL");
        return given == null || given.isBlank() ? S2_PUBLIC : given.strip();
    }

    /** The literature agent's Semantic Scholar client, with its defaults (one request a second, five attempts). */
    private SemanticScholarClient scholar() {
        String key = environment.getOrDefault("PO_S2_API_KEY", "");
        SemanticScholarSettings settings = new SemanticScholarSettings(URI.create(s2Root()), key.strip(), 5,
                Duration.ofSeconds(2), Duration.ofSeconds(60), Duration.ofSeconds(30));
        Duration spacing = s2Root().equals(S2_PUBLIC) ? Duration.ofSeconds(1) : Duration.ofMillis(1);
        return new SemanticScholarClient(settings, RequestSpacer.system("Semantic Scholar", spacing), Sleeper.SYSTEM,
                Clock.systemUTC(), new SimpleMeterRegistry());
    }

    /** The page limit: the option, else the guidelines', else none. */
    static @Nullable Integer pageLimit(@Nullable Integer option, String guidelinesText) {
        if (option != null) {
            if (option < 1) {
                throw new IllegalArgumentException("--page-limit must be at least 1, not " + option);
            }
            return option;
        }
        return guidelinesText.isBlank() ? null : Guidelines.parse(guidelinesText).pageLimit().orElse(null);
    }

    private void report(RevisionSummary summary, Path target) {
        stdout.println("points: " + summary.pointsByKind());
        stdout.println("decisions: " + summary.answered());
        stdout.println("edits: " + summary.edits().kept() + " kept, " + summary.edits().rolledBack()
                + " rolled back, " + summary.edits().rejected() + " rejected");
        stdout.println("fabrication audit: " + (summary.audit().clean() ? "clean" : "NOT CLEAN") + ", "
                + summary.audit().findings().size() + " finding(s) in rejected edits");
        stdout.println("PDF: " + summary.compile().status() + " (" + summary.compile().message() + ")");
        stdout.println("diff PDF: " + summary.diff().status() + " (" + summary.diff().message() + ")");
        if (!summary.gates().hold()) {
            summary.gates().regressions().forEach(regression -> stdout.println("gate: " + regression));
        }
        stdout.println((summary.passed() ? "revised: " : "revised, NOT PASSED (see revision/summary.json): ")
                + target.resolve("revision"));
    }

    /** The compile's scratch directory goes when every compile cleaned up after itself (a failed one is kept). */
    private static void deleteIfEmpty(Path directory) {
        try {
            Files.deleteIfExists(directory);
        } catch (IOException notEmpty) {
            // a failed compile's directory is kept for inspection, and so is its parent
        }
    }

    private static String optional(@Nullable Path directory, String name) throws IOException {
        if (directory == null) {
            return "";
        }
        Path file = directory.resolve(name);
        return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }
}
