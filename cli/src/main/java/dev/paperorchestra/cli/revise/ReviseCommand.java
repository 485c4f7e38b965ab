package dev.paperorchestra.cli.revise;

import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.revision.LatexDiff;
import dev.paperorchestra.content.revision.PaperRevision;
import dev.paperorchestra.content.revision.PaperSource;
import dev.paperorchestra.content.revision.HumanReview;
import dev.paperorchestra.content.revision.ReviewReader;
import dev.paperorchestra.content.revision.PaperReviser;
import dev.paperorchestra.content.revision.RevisionFiles;
import dev.paperorchestra.content.revision.RevisionMaterials;
import dev.paperorchestra.content.revision.RevisionSummary;
import dev.paperorchestra.runtime.llm.ModelMode;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
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
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code po revise PAPER --reviews R... [--materials DIR] [--out DIR] --offline}: the paper revised from human
 * reviews, a response letter, a change-highlighted PDF and revision/summary.json. Runs in this JVM (no broker):
 * the revision's Kafka path is not built yet, and only the offline rules are.
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

    @Option(names = "--offline", description = "Deterministic rules, no model (required: the model-backed revision "
            + "is not built yet). Every text output is labelled.")
    boolean offline;

    @Option(names = "--paper-id", defaultValue = "", description = "The id in logs and compile directories "
            + "(default: the paper directory's name).")
    String paperId = "";

    Map<String, String> environment = System.getenv();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;

    @Override
    public Integer call() {
        if (!offline) {
            stderr.println("po: revise needs --offline for now: the model-backed revision (scripted and real "
                    + "models, Kafka events) is not built yet");
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
        try {
            source = PaperSource.read(paper);
            for (Path review : reviews) {
                read.addAll(ReviewReader.read(review));
            }
            revisionMaterials = new RevisionMaterials(source.tex(), source.bibliography(),
                    optional(materials, "experimental_log.md"), optional(materials, "idea.md"));
            extra = verifiedBib == null ? "" : Files.readString(verifiedBib, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException | UncheckedIOException | IOException e) {
            stderr.println("po: " + e.getMessage());
            return BAD_INPUT;
        }
        if (read.isEmpty()) {
            stderr.println("po: no review text found in " + reviews);
            return BAD_INPUT;
        }
        Path target = out != null ? out : Path.of("out", id + "-revised");
        Sandbox sandbox = Sandbox.detect(SandboxProperties.defaults()
                .withMode(SandboxProperties.modeOf(environment.get("PO_SANDBOX_MODE"))));
        if (sandbox.isolation() != Sandbox.Isolation.BUBBLEWRAP) {
            stdout.println("NOTICE compile sandbox: " + sandbox.describe());
        }
        Path work = target.resolve(".work");
        LatexCompiler compiler = new LatexCompiler(environment.getOrDefault(LATEXMK_ENV, "latexmk"), COMPILE_TIMEOUT,
                work, sandbox);
        LatexDiff diff = new LatexDiff(environment.getOrDefault(LATEXDIFF_ENV, "latexdiff"), sandbox, work,
                COMPILE_TIMEOUT);
        stdout.println(ModelMode.OFFLINE_LABEL);
        PaperRevision.Outcome outcome = new PaperRevision(compiler, diff).run(id, source, revisionMaterials,
                PaperReviser.offline(revisionMaterials, extra), read, "offline");
        RevisionFiles.write(target, source, outcome, ModelMode.OFFLINE_LABEL);
        deleteIfEmpty(work);
        report(outcome.summary(), target);
        return outcome.summary().passed() ? 0 : NOT_PASSED;
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
