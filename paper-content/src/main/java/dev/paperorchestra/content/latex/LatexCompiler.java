package dev.paperorchestra.content.latex;

import dev.paperorchestra.model.tex.TexPrimitives;
import dev.paperorchestra.content.materials.TemplateKit;
import dev.paperorchestra.model.tex.UnicodeLatex;

import dev.paperorchestra.runtime.figures.PdfActiveContent;
import dev.paperorchestra.runtime.sandbox.Executables;
import dev.paperorchestra.runtime.sandbox.JobFiles;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import dev.paperorchestra.runtime.sandbox.SandboxedRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compiles paper.tex with latexmk in a fresh job directory ({@code <workDir>/<paperId>-<n>}) inside the
 * {@link Sandbox}: only the job directory and the TeX tree visible, no network, resource limits, and the disk
 * used by the directory capped. TeX is also confined by its own settings (no shell escape, {@code openin_any=p},
 * {@code openout_any=p}), stdin is closed, output goes to a file, and a timeout kills the whole process tree.
 * A document using file-reading or command-running primitives ({@link TexPrimitives}) is refused before it is
 * compiled. A template's author kit ({@link CompileJob#kit()}) is written beside paper.tex, its code allowed as
 * {@link KitCode} decides for the active sandbox. No TeX installed is not an error: the outcome is {@link CompileOutcome.Skipped}. The page count
 * comes from the PDF itself.
 *
 * <p>Engines: pdfLaTeX and XeLaTeX always; LuaLaTeX only inside bubblewrap, since its Lua code reads, writes
 * and links any file the process can reach and nothing but the sandbox contains that (the fallback refuses it,
 * naming paper.tex). Outputs are read through {@link JobFiles}: a paper.pdf or log the compile turned into a
 * link is refused, never followed. A compiled PDF over {@code po.sandbox.max-pdf-size} is a failed compile and is
 * never read whole; every other is rewritten without active content ({@link PdfActiveContent}: scripts, launch and
 * form actions, embedded files, RichMedia; internal and web links kept) before anyone sees it, so every version, the
 * diff and a diagram are published clean. Its fonts are listed with pdffonts, in the same sandbox: Type 3 (bitmap)
 * fonts are a warning of the outcome ({@link PdfFonts}).
 */
public final class LatexCompiler {

    private static final Logger log = LoggerFactory.getLogger(LatexCompiler.class);
    static final String TEX = "paper.tex";
    static final String BIB = "references.bib";
    static final String FIGURES = "figures";
    private static final String OUTPUT = "latexmk.out";
    /** The logs are read for their errors, which come first; a runaway log's tail is never needed. */
    private static final long MAX_LOG_BYTES = 4L << 20;
    /** Taking active content out of a paper's PDF takes a second or two; a PDF that takes longer is not published. */
    private static final Duration CLEAN_TIMEOUT = Duration.ofSeconds(60);
    /** pdffonts lists a paper's fonts in well under a second; a PDF that takes longer gets no font finding. */
    private static final Duration FONTS_TIMEOUT = Duration.ofSeconds(30);
    /**
     * TeX's own confinement, kept inside the sandbox and the only one without it: paranoid kpathsea (read and
     * write only below the job directory and TeX's trees), and no shell escape even if a local texmf.cnf or
     * latexmkrc would allow it (covers {@code \input|"cmd"} too).
     */
    private static final Map<String, String> TEX_SETTINGS = Map.of("openin_any", "p", "openout_any", "p",
            "shell_escape", "f");

    private final String latexmk;
    private final Duration timeout;
    private final Path workDir;
    private final Sandbox sandbox;

    /**
     * @param latexmk the command: a name looked up on PATH, or a path
     * @param timeout longest a run may take
     * @param workDir where job directories are made
     * @param sandbox what confines the run
     */
    public LatexCompiler(String latexmk, Duration timeout, Path workDir, Sandbox sandbox) {
        this.latexmk = latexmk;
        this.timeout = timeout;
        this.workDir = workDir;
        this.sandbox = sandbox;
    }

    /** A compiler in a sandbox with the default limits, detected now. */
    public LatexCompiler(String latexmk, Duration timeout, Path workDir) {
        this(latexmk, timeout, workDir, Sandbox.detect(SandboxProperties.defaults()));
    }

    /** True when the latexmk command can be found, i.e. compiles will be attempted. */
    public boolean available() {
        return executable(latexmk).isPresent();
    }

    public CompileOutcome compile(CompileJob job) {
        Optional<Path> command = executable(latexmk);
        if (command.isEmpty()) {
            String reason = latexmk + " not found on PATH; install TeX Live to get paper.pdf";
            log.info("paper {}: PDF skipped, {}", job.paperId(), reason);
            return new CompileOutcome.Skipped(reason);
        }
        boolean sandboxed = sandbox.isolation() == Sandbox.Isolation.BUBBLEWRAP;
        // without bubblewrap nothing holds a name the document builds, so every way to build one is refused too
        List<TexPrimitives.Finding> forbidden = sandboxed ? TexPrimitives.scan(job.tex())
                : TexPrimitives.scanWithoutSandbox(job.tex());
        if (!forbidden.isEmpty()) {
            log.warn("paper {}: paper.tex refused before compiling ({} use(s), sandbox {})", job.paperId(),
                    forbidden.size(), sandbox.isolation());
            String unsandboxed = sandboxed ? "" : " [without the bubblewrap sandbox, which is not active here]";
            return new CompileOutcome.Failed(forbidden.stream()
                    .map(finding -> new LatexIssue(LatexIssue.Kind.ERROR, "refused before compiling: "
                            + finding.use() + " (" + finding.why() + ")" + unsandboxed, TEX, finding.line()))
                    .toList());
        }
        CompileOutcome.Failed kitRefused = kitRefused(job);
        if (kitRefused != null) {
            return kitRefused;
        }
        UnicodeLatex.Engine engine = UnicodeLatex.Engine.of(job.tex());
        if (engine == UnicodeLatex.Engine.LUALATEX && sandbox.isolation() != Sandbox.Isolation.BUBBLEWRAP) {
            // Lua in LuaTeX reads, writes and links any file the JVM's user can: only bubblewrap contains it
            log.warn("paper {}: paper.tex asks for LuaLaTeX, refused without the bubblewrap sandbox",
                    job.paperId());
            return new CompileOutcome.Failed(List.of(new LatexIssue(LatexIssue.Kind.ERROR, "refused before "
                    + "compiling: paper.tex asks for LuaLaTeX, whose Lua code can read and link any file this "
                    + "machine's user can; LuaLaTeX is compiled only inside the bubblewrap sandbox, which is not "
                    + "active here (po.sandbox.mode, `po doctor`): use pdfLaTeX or XeLaTeX, or install "
                    + "bubblewrap", TEX, engineLine(job.tex()))));
        }
        Path directory = prepare(job);
        CompileOutcome outcome = run(command.get(), directory, job.paperId(), engine, job.throughErrors());
        if (outcome instanceof CompileOutcome.Compiled) {
            delete(directory);
        } else {
            sandbox.keepForInspection(directory);
            log.warn("paper {}: paper.tex did not compile ({}); the job directory {} is kept for inspection",
                    job.paperId(), outcome.message(), directory.toAbsolutePath());
        }
        return outcome;
    }

    /**
     * The author kit's refusal, or null when it may be compiled: a path that could land outside the job directory
     * or on a file the compile owns (paper.tex, references.bib, figures/, paper.* outputs), or code the active
     * sandbox does not allow ({@link KitCode}).
     */
    private CompileOutcome.@Nullable Failed kitRefused(CompileJob job) {
        List<LatexIssue> issues = new ArrayList<>();
        for (String file : job.kit().keySet().stream().sorted().toList()) {
            if (!kitPathAllowed(file)) {
                issues.add(new LatexIssue(LatexIssue.Kind.ERROR, "refused before compiling: the template's kit "
                        + "file " + file + " has a path a kit may not use (absolute, '..', not a kit kind of file, "
                        + "or one of the compile's own files)", file, 0));
            }
        }
        List<KitCode.Refusal> refusals = KitCode.refusals(job.kit(), sandbox.isolation());
        if (!refusals.isEmpty()) {
            log.warn("paper {}: the template's kit refused before compiling ({} use(s), sandbox {})", job.paperId(),
                    refusals.size(), sandbox.isolation());
            issues.add(new LatexIssue(LatexIssue.Kind.ERROR, "refused before compiling: "
                    + KitCode.describe(refusals, sandbox.isolation()), refusals.getFirst().file(),
                    refusals.getFirst().finding().line()));
        }
        return issues.isEmpty() ? null : new CompileOutcome.Failed(issues);
    }

    /** Relative, plain names, a kit kind of file, and never a name the compile itself writes or reads as its own. */
    public static boolean kitPathAllowed(String file) {
        if (!TemplateKit.safePath(file) || file.toLowerCase(Locale.ROOT).endsWith(".bib")) {
            return false;
        }
        String first = file.split("/", -1)[0];
        return !first.equals(FIGURES) && !(file.indexOf('/') < 0 && (file.startsWith("paper.")
                || file.equals(BIB) || file.equals(OUTPUT)));
    }

    private CompileOutcome run(Path command, Path directory, String paperId, UnicodeLatex.Engine engine,
            boolean throughErrors) {
        String engineFlag = switch (engine) {
            case PDFLATEX -> "-pdf";
            case XELATEX -> "-xelatex";
            case LUALATEX -> "-lualatex";
        };
        List<String> arguments = new ArrayList<>(List.of(command.toString(), engineFlag, "-interaction=nonstopmode",
                "-halt-on-error", "-file-line-error", "-no-shell-escape", TEX));
        if (throughErrors) {
            arguments.remove("-halt-on-error");
            arguments.add(1, "-f");
        }
        SandboxedRun run = sandbox.run(arguments, directory, TEX_SETTINGS, timeout, directory.resolve(OUTPUT));
        int exitCode;
        switch (run) {
            case SandboxedRun.Exited exited -> exitCode = exited.exitCode();
            case SandboxedRun.NotStarted notStarted -> {
                // a sandbox that refuses is not a missing TeX: say what it is
                boolean refused = sandbox.isolation() == Sandbox.Isolation.REFUSED;
                return new CompileOutcome.Skipped(notStarted.reason() + (refused
                        ? "; nothing is compiled without it (po doctor says why)"
                        : "; install TeX Live to get paper.pdf"));
            }
            case SandboxedRun.TimedOut timedOut -> {
                return CompileOutcome.Failed.of("latexmk did not finish within " + timeout.toSeconds()
                        + " s and was stopped");
            }
            case SandboxedRun.DiskLimitExceeded full -> {
                return CompileOutcome.Failed.of("the compile wrote " + full.bytes() + " bytes, over the job "
                        + "directory's cap of " + full.limit() + " bytes (po.sandbox.job-dir-size), and was stopped");
            }
            case SandboxedRun.Interrupted interrupted -> {
                return CompileOutcome.Failed.of("compile interrupted");
            }
        }
        LatexLog texLog = LatexLog.parse(read(directory.resolve("paper.log")));
        long maxPdf = sandbox.limits().maxPdfSize().toBytes();
        JobFiles.Output pdf = JobFiles.read(directory.resolve("paper.pdf"), maxPdf);
        if (pdf instanceof JobFiles.Output.Refused refused) {
            // the compile made paper.pdf into a link or another kind of file: a finding, never read through
            log.warn("paper {}: compile output refused: {}", paperId, refused.why());
            return CompileOutcome.Failed.of("the compile's output was refused: " + refused.why()
                    + "; nothing was read through it");
        }
        if (exitCode != 0 || !(pdf instanceof JobFiles.Output.Read read)) {
            CompileOutcome.Failed failed = failed(texLog, directory, exitCode);
            failed.errors().stream().filter(error -> error.kind() == LatexIssue.Kind.MISSING_PACKAGE).findFirst()
                    .ifPresent(missing -> log.warn("paper {}: TeX lacks {}", paperId, missing.subject()));
            return failed;
        }
        if (read.truncated()) {
            log.warn("paper {}: paper.pdf is over the bound of {} bytes (po.sandbox.max-pdf-size); not read", paperId,
                    maxPdf);
            return CompileOutcome.Failed.of("paper.pdf is " + sizeOf(directory.resolve("paper.pdf")) + ", over the "
                    + "bound of " + Sandbox.shown(sandbox.limits().maxPdfSize()) + " a compiled PDF may have "
                    + "(po.sandbox.max-pdf-size); it is not published. A paper this large is almost always a "
                    + "template that writes raw PDF objects or uncompressed images");
        }
        List<LatexIssue> warnings = new ArrayList<>(texLog.warnings());
        byte[] bytes;
        switch (PdfActiveContent.strip(read.bytes(), CLEAN_TIMEOUT)) {
            case PdfActiveContent.Outcome.Cleaned cleaned -> {
                bytes = cleaned.pdf();
                if (!cleaned.removed().isEmpty()) {
                    log.warn("paper {}: active content removed from paper.pdf: {}", paperId, cleaned.removed());
                    warnings.add(new LatexIssue(LatexIssue.Kind.ACTIVE_CONTENT, "paper.pdf carried active content, "
                            + "removed before it was published: " + String.join(", ", cleaned.removed()), TEX, 0));
                }
            }
            case PdfActiveContent.Outcome.Unreadable unreadable -> {
                log.warn("paper {}: paper.pdf could not be checked for active content: {}", paperId,
                        unreadable.reason());
                return CompileOutcome.Failed.of("paper.pdf could not be checked for active content (it "
                        + unreadable.reason() + "); it is not published");
            }
        }
        int pages = PdfPages.count(bytes).orElseGet(() -> texLog.pages().orElse(0));
        PdfFonts.list(sandbox, directory.resolve("paper.pdf"), FONTS_TIMEOUT).flatMap(PdfFonts::finding)
                .ifPresent(warnings::add);
        CompileOutcome.Compiled compiled = new CompileOutcome.Compiled(bytes, pages, warnings);
        log.info("paper {}: compiled, {}", paperId, compiled.message());
        return compiled;
    }

    /** The line of the {@code % !TEX program} comment that chose the engine, 0 when none did. */
    private static int engineLine(String tex) {
        String[] lines = tex.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].toLowerCase(Locale.ROOT).matches("\\s*%\\s*!\\s*tex\\s+(ts-)?program\\s*=.*")) {
                return i + 1;
            }
        }
        return 0;
    }

    private static CompileOutcome.Failed failed(LatexLog texLog, Path directory, int exitCode) {
        List<LatexIssue> errors = texLog.errors();
        if (!errors.isEmpty()) {
            return new CompileOutcome.Failed(errors);
        }
        // no LaTeX error: latexmk itself or bibtex stopped; its own output says why
        List<LatexIssue> fromLatexmk = read(directory.resolve(OUTPUT)).lines()
                .filter(line -> line.toLowerCase(Locale.ROOT).contains("error"))
                .map(String::strip).distinct().limit(3)
                .map(line -> new LatexIssue(LatexIssue.Kind.ERROR, line, null, 0)).toList();
        return fromLatexmk.isEmpty() ? CompileOutcome.Failed.of("latexmk exited with code " + exitCode
                + " and no PDF") : new CompileOutcome.Failed(fromLatexmk);
    }

    private Path prepare(CompileJob job) {
        try {
            Files.createDirectories(workDir);
            Path directory = fresh(job.paperId());
            Files.writeString(directory.resolve(TEX), job.tex(), StandardCharsets.UTF_8);
            Files.writeString(directory.resolve(BIB), job.bibliography(), StandardCharsets.UTF_8);
            Path figures = Files.createDirectory(directory.resolve(FIGURES));
            for (Map.Entry<String, byte[]> figure : job.figures().entrySet()) {
                Path file = figures.resolve(figure.getKey()).normalize();
                if (!file.getParent().equals(figures)) {
                    log.warn("paper {}: figure file name {} is not a plain file name; not copied", job.paperId(),
                            figure.getKey());
                    continue;
                }
                Files.write(file, figure.getValue());
            }
            for (Map.Entry<String, byte[]> kitFile : job.kit().entrySet()) {
                Path file = directory.resolve(kitFile.getKey()).normalize();
                if (!kitPathAllowed(kitFile.getKey()) || !file.startsWith(directory)) {
                    continue; // refused before, in compile(); never written
                }
                Files.createDirectories(file.getParent());
                // CREATE_NEW: a kit file never replaces paper.tex, references.bib or a figure
                Files.write(file, kitFile.getValue(), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            }
            return directory;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare a compile directory under " + workDir, e);
        }
    }

    private Path fresh(String paperId) throws IOException {
        String base = paperId.replaceAll("[^A-Za-z0-9._-]", "_");
        for (int n = 1; ; n++) {
            try {
                return Files.createDirectory(workDir.resolve(base + "-" + n));
            } catch (FileAlreadyExistsException taken) {
                // an earlier or concurrent compile of this paper has it; try the next number
            }
        }
    }

    /** A file's size for a message, without following a link; "larger" when it cannot be read. */
    private static String sizeOf(Path file) {
        try {
            long bytes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).size();
            return bytes >= 10L << 20 ? (bytes >> 20) + " MB" : bytes + " bytes";
        } catch (IOException e) {
            return "larger";
        }
    }

    static Optional<Path> executable(String command) {
        return Executables.find(command);
    }

    /** A log's head, read without following a link; empty when it is missing or refused. */
    private static String read(Path file) {
        return JobFiles.read(file, MAX_LOG_BYTES) instanceof JobFiles.Output.Read read
                ? new String(read.bytes(), StandardCharsets.ISO_8859_1) : "";
    }

    private static void delete(Path directory) {
        if (!JobFiles.deleteTree(directory)) {
            log.warn("could not remove compile directory {}", directory);
        }
    }
}
