package dev.paperorchestra.content.revision;

import dev.paperorchestra.runtime.sandbox.Executables;
import dev.paperorchestra.runtime.sandbox.JobFiles;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxedRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The change-highlighted source of a revision: Debian's {@code latexdiff} run on the submitted and the revised
 * paper.tex inside the same {@link Sandbox} as the compile (it is a Perl program reading text that came from
 * outside: the job directory only, no network, bounded time and disk). Its output is compiled like any paper.
 */
public final class LatexDiff {

    /** What the diff run gave. */
    public sealed interface Result {

        /** @param tex the change-highlighted LaTeX */
        record Diffed(String tex) implements Result {
        }

        /** latexdiff is not installed: no diff, nothing wrong with the paper. */
        record Skipped(String reason) implements Result {
        }

        record Failed(String reason) implements Result {
        }
    }

    private static final long MAX_OUTPUT = 32L << 20;
    private static final String OLD = "old.tex";
    private static final String NEW = "new.tex";
    private static final String OUTPUT = "diff.tex";
    /** latexdiff's warnings ("Missing characters near word ... ^^^^") go here, never into the diff. */
    private static final String ERRORS = "latexdiff.log";
    private static final int ERRORS_SHOWN = 400;

    private final String command;
    private final Sandbox sandbox;
    private final Path workDir;
    private final Duration timeout;

    public LatexDiff(String command, Sandbox sandbox, Path workDir, Duration timeout) {
        this.command = command;
        this.sandbox = sandbox;
        this.workDir = workDir;
        this.timeout = timeout;
    }

    public boolean available() {
        return Executables.find(command).isPresent();
    }

    public Result diff(String paperId, String oldTex, String newTex) {
        Optional<Path> executable = Executables.find(command);
        if (executable.isEmpty()) {
            return new Result.Skipped(command + " not found on PATH; install Debian's latexdiff to get the "
                    + "change-highlighted PDF");
        }
        Path directory = prepare(paperId, oldTex, newTex);
        try {
            // --encoding: the sources are UTF-8 whatever the sandbox's (empty) locale says; --type=CFONT marks changes
            // by colour and font size, needing only the color package (the default underlining needs ulem, which a
            // basic TeX Live lacks)
            SandboxedRun run = sandbox.run(List.of(executable.get().toString(), "--encoding=utf8", "--type=CFONT",
                    OLD, NEW),
                    directory, Map.of(), timeout, directory.resolve(OUTPUT), directory.resolve(ERRORS));
            return switch (run) {
                case SandboxedRun.Exited exited when exited.exitCode() == 0 -> read(directory);
                case SandboxedRun.Exited exited -> new Result.Failed("latexdiff exited with code "
                        + exited.exitCode() + errors(directory));
                case SandboxedRun.NotStarted notStarted -> new Result.Skipped(notStarted.reason());
                case SandboxedRun.TimedOut timedOut -> new Result.Failed("latexdiff did not finish within "
                        + timeout.toSeconds() + " s and was stopped");
                case SandboxedRun.DiskLimitExceeded full -> new Result.Failed("latexdiff wrote over the job "
                        + "directory's cap of " + full.limit() + " bytes and was stopped");
                case SandboxedRun.Interrupted interrupted -> new Result.Failed("latexdiff interrupted");
            };
        } finally {
            JobFiles.deleteTree(directory);
        }
    }

    private static Result read(Path directory) {
        JobFiles.Output output = JobFiles.read(directory.resolve(OUTPUT), MAX_OUTPUT);
        if (!(output instanceof JobFiles.Output.Read read) || read.truncated()) {
            return new Result.Failed("latexdiff's output was refused, missing or larger than " + MAX_OUTPUT
                    + " bytes");
        }
        return new Result.Diffed(new String(read.bytes(), StandardCharsets.UTF_8));
    }

    /** The start of what latexdiff said on stderr, for a failure's message; "" when it said nothing. */
    private static String errors(Path directory) {
        JobFiles.Output output = JobFiles.read(directory.resolve(ERRORS), ERRORS_SHOWN);
        if (!(output instanceof JobFiles.Output.Read read)) {
            return "";
        }
        String text = new String(read.bytes(), StandardCharsets.UTF_8).strip().replaceAll("\\s+", " ");
        return text.isEmpty() ? "" : ": " + text + (read.truncated() ? " ..." : "");
    }

    private Path prepare(String paperId, String oldTex, String newTex) {
        try {
            Files.createDirectories(workDir);
            String base = "diff-" + paperId.replaceAll("[^A-Za-z0-9._-]", "_");
            for (int n = 1; ; n++) {
                try {
                    Path directory = Files.createDirectory(workDir.resolve(base + "-" + n));
                    Files.writeString(directory.resolve(OLD), oldTex, StandardCharsets.UTF_8);
                    Files.writeString(directory.resolve(NEW), newTex, StandardCharsets.UTF_8);
                    return directory;
                } catch (FileAlreadyExistsException taken) {
                    // an earlier diff of this paper has it; try the next number
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare a latexdiff directory under " + workDir, e);
        }
    }
}
