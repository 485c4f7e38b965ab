package dev.paperorchestra.runtime.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.util.unit.DataSize;

/**
 * Runs an external tool on untrusted input. With bubblewrap the tool sees its job directory (read-write, as
 * {@code /job}) and read-only system trees (/usr, the TeX configuration and generated formats, fonts) and
 * nothing else: no /proc, no /sys, no /home, /root, /work, host /tmp or /etc/passwd, no network, no
 * capabilities; it runs as PID 1 of its own PID namespace (no bubblewrap init holding anything) in its own
 * session, and dies with the JVM. No process of the run ever holds the JVM's environment: bubblewrap itself is
 * started with a cleared one, so there is none to find even where a /proc would show it. Every process is
 * bounded by rlimits (CPU time, address space, file size, open files) and the job directory by a disk cap
 * watched while the tool runs (never following a link the tool made).
 *
 * <p>Fail closed: unless {@code po.sandbox.mode=none} says otherwise, bubblewrap is required, and where it cannot
 * run no tool runs ({@link Isolation#REFUSED}); a process that would run one refuses to start
 * ({@link #requireUsable()}). Only {@code none} runs tools without it ({@link Isolation#FALLBACK}): the limits and
 * the cleared environment stay, confinement is left to the caller's tool settings and the input check, and that
 * is not a boundary against hostile input.
 */
public final class Sandbox {

    private static final Logger log = LoggerFactory.getLogger(Sandbox.class);
    /** Where the job directory appears inside the sandbox. */
    public static final String JOB_DIR = "/job";
    private static final long DISK_POLL_MILLIS = 200;
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(15);
    /** System trees a tool may read: binaries, libraries, the TeX tree, its configuration and formats, fonts. */
    private static final List<String> READ_ONLY = List.of("/usr", "/etc/texmf", "/etc/fonts", "/etc/alternatives",
            "/etc/ld.so.cache", "/var/lib/texmf", "/opt/texlive");
    private static final List<String> TOP_LEVEL_LINKS = List.of("/bin", "/sbin", "/lib", "/lib32", "/lib64");
    private static final String SANDBOX_PATH = "/usr/local/bin:/usr/bin:/bin";
    /**
     * The tools the project runs in the sandbox (TeX through latexmk, BibTeX, kpsewhich, latexdiff, poppler's
     * pdftotext and pdffonts, Graphviz): where none is installed, nothing would run, so a sandbox that cannot start
     * keeps nothing from working.
     */
    public static final List<String> TOOLS = List.of("latexmk", "pdflatex", "xelatex", "lualatex", "bibtex",
            "kpsewhich", "latexdiff", "pdftotext", "pdffonts", "dot");

    /**
     * Which confinement a run gets: bubblewrap; none, because {@code po.sandbox.mode=none} asked for none; or no run
     * at all, because bubblewrap is required and cannot run here.
     */
    public enum Isolation { BUBBLEWRAP, FALLBACK, REFUSED }

    private final SandboxProperties limits;
    private final Isolation isolation;
    private final String reason;
    private final JobDirectoryCap cap;
    private final Optional<Path> bwrap;
    private final Optional<Path> prlimit;
    private final Optional<Path> setsid;

    private Sandbox(SandboxProperties limits, Isolation isolation, String reason, Optional<Path> bwrap) {
        this.limits = limits;
        this.isolation = isolation;
        this.reason = reason;
        this.cap = new JobDirectoryCap(limits.jobDirSize().toBytes());
        this.bwrap = bwrap;
        this.prlimit = Executables.find("prlimit");
        this.setsid = Executables.find("setsid");
    }

    /**
     * Probes bubblewrap once (a trivial command in a sandbox like the real one) and picks the isolation: bubblewrap
     * when the probe works, the fallback only for {@code po.sandbox.mode=none}, else no run at all.
     */
    public static Sandbox detect(SandboxProperties limits) {
        if (limits.mode() == SandboxProperties.Mode.NONE) {
            return fallback(limits, "disabled by po.sandbox.mode=none");
        }
        Optional<Path> bwrap = Executables.find(limits.bwrap());
        Optional<String> failure = bwrap.isEmpty() ? Optional.of(limits.bwrap() + " not found on PATH")
                : probe(bwrap.get());
        if (failure.isEmpty()) {
            return new Sandbox(limits, Isolation.BUBBLEWRAP, "", bwrap);
        }
        log.error("compile sandbox: bubblewrap required but unusable (po.sandbox.mode={}): {}; external tools will not "
                + "be run", limits.mode().name().toLowerCase(java.util.Locale.ROOT), failure.get());
        return new Sandbox(limits, Isolation.REFUSED, failure.get(), Optional.empty());
    }

    private static Sandbox fallback(SandboxProperties limits, String why) {
        log.warn("NOTICE compile sandbox unavailable ({}): external tools run without bubblewrap, with resource "
                + "limits, an empty environment, TeX's own settings (openin_any=p) and the input check only; not a "
                + "boundary against a hostile template", why);
        return new Sandbox(limits, Isolation.FALLBACK, why, Optional.empty());
    }

    /** The tools of {@link #TOOLS} found on this machine's PATH. */
    public static List<String> installedTools() {
        return TOOLS.stream().filter(tool -> Executables.find(tool).isPresent()).toList();
    }

    /**
     * Fails when bubblewrap is required, cannot run, and a tool it would confine is installed: a process that would
     * run TeX on someone else's input does not start without the sandbox. Where no such tool is installed (an
     * agent image without TeX), nothing would run unconfined and the process may start.
     *
     * @throws SandboxUnavailableException naming why bubblewrap cannot run and the ways out
     */
    public void requireUsable() {
        if (isolation != Isolation.REFUSED) {
            return;
        }
        List<String> tools = installedTools();
        if (tools.isEmpty()) {
            log.info("compile sandbox: bubblewrap cannot run here ({}), and none of {} is installed: no external tool "
                    + "runs", reason, TOOLS);
            return;
        }
        throw new SandboxUnavailableException(reason, tools);
    }

    private static Optional<String> probe(Path bwrap) {
        Path scratch = null;
        try {
            scratch = Files.createTempDirectory("po-sandbox-probe");
            Optional<Path> truth = Executables.find("true");
            if (truth.isEmpty()) {
                return Optional.of("no 'true' command to probe with");
            }
            List<String> command = new ArrayList<>(bwrapArguments(bwrap, scratch, Map.of()));
            command.add(truth.get().toString());
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().clear();
            builder.environment().put("PATH", SANDBOX_PATH);
            Process process = builder.start();
            process.getOutputStream().close();
            if (!process.waitFor(PROBE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return Optional.of("the probe did not finish");
            }
            String output = new String(process.getInputStream().readAllBytes()).strip();
            return process.exitValue() == 0 ? Optional.empty()
                    : Optional.of("probe exited " + process.exitValue() + (output.isEmpty() ? "" : ": " + output));
        } catch (IOException e) {
            return Optional.of("probe failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("probe interrupted");
        } finally {
            if (scratch != null) {
                scratch.toFile().delete();
            }
        }
    }

    public Isolation isolation() {
        return isolation;
    }

    /** The limits of every run, and the bound on what a compile may make. */
    public SandboxProperties limits() {
        return limits;
    }

    /** Why bubblewrap is not used (the probe's failure, or the mode), empty when it is. */
    public String reason() {
        return reason;
    }

    /** One line for {@code po doctor} and the logs: which sandbox is active, and its limits. */
    public String describe() {
        String bounds = "limits: cpu " + limits.cpuTime().toSeconds() + " s, memory " + shown(limits.addressSpace())
                + ", file " + shown(limits.fileSize()) + ", " + limits.openFiles() + " open files, job directory "
                + shown(limits.jobDirSize());
        return switch (isolation) {
            case BUBBLEWRAP -> "bubblewrap: job directory only, read-only system trees, no network, no /proc, "
                    + "empty environment; " + bounds;
            case FALLBACK -> "none (" + reason + "): TeX's openin_any=p and the input check only, empty "
                    + "environment, LuaLaTeX refused; not a boundary against a hostile template; " + bounds;
            case REFUSED -> "bubblewrap required but unusable (" + reason + "): external tools are not run";
        };
    }

    /** A size as configured: 2GB, 256MB, 64KB or bytes (DataSize prints bytes only). */
    public static String shown(DataSize size) {
        long bytes = size.toBytes();
        String[] labels = {"TB", "GB", "MB", "KB"};
        long[] factors = {1L << 40, 1L << 30, 1L << 20, 1L << 10};
        for (int i = 0; i < labels.length; i++) {
            if (bytes >= factors[i] && bytes % factors[i] == 0) {
                return bytes / factors[i] + labels[i];
            }
        }
        return bytes + "B";
    }

    /**
     * Runs {@code command} (its first element an absolute path) in {@code jobDirectory}, output to
     * {@code outputFile} inside it, killing the whole process tree on timeout, interruption or a full disk cap.
     */
    public SandboxedRun run(List<String> command, Path jobDirectory, Map<String, String> environment,
            Duration timeout, Path outputFile) {
        return run(command, jobDirectory, environment, timeout, outputFile, null);
    }

    /**
     * As {@link #run(List, Path, Map, Duration, Path)}, with the tool's error stream in a file of its own: for a tool
     * whose standard output is its result (latexdiff writes the diff there and its warnings on stderr).
     *
     * @param errorFile where stderr goes; null to merge it into {@code outputFile}
     */
    public SandboxedRun run(List<String> command, Path jobDirectory, Map<String, String> environment,
            Duration timeout, Path outputFile, @Nullable Path errorFile) {
        if (isolation == Isolation.REFUSED) {
            return new SandboxedRun.NotStarted("the compile sandbox is required but unusable: " + reason);
        }
        Process process;
        try {
            ProcessBuilder builder = builder(command, jobDirectory.toAbsolutePath(), environment)
                    .redirectOutput(outputFile.toFile());
            if (errorFile == null) {
                builder.redirectErrorStream(true);
            } else {
                builder.redirectError(errorFile.toFile());
            }
            process = builder.start();
            process.getOutputStream().close();
        } catch (IOException e) {
            return new SandboxedRun.NotStarted(command.getFirst() + " could not be started (" + e.getMessage() + ")");
        }
        return await(process, jobDirectory, timeout);
    }

    private SandboxedRun await(Process process, Path jobDirectory, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (!process.waitFor(DISK_POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                if (cap.exceeded(jobDirectory)) {
                    return diskFull(process, jobDirectory);
                }
                if (System.nanoTime() - deadline > 0) {
                    destroyTree(process);
                    return new SandboxedRun.TimedOut();
                }
            }
        } catch (InterruptedException e) {
            destroyTree(process);
            Thread.currentThread().interrupt();
            return new SandboxedRun.Interrupted();
        }
        if (cap.exceeded(jobDirectory)) {
            return diskFull(process, jobDirectory);
        }
        return new SandboxedRun.Exited(process.exitValue());
    }

    private SandboxedRun diskFull(Process process, Path jobDirectory) {
        destroyTree(process);
        long used = cap.trim(jobDirectory);
        log.warn("job directory {} reached {} bytes (cap {}): run stopped, largest files cut", jobDirectory, used,
                cap.limit());
        return new SandboxedRun.DiskLimitExceeded(used, cap.limit());
    }

    /**
     * Makes a job directory safe to keep for an operator: every link the tool made is removed (a {@code cat} or a
     * backup would follow it to a host file) and the directory is brought within the disk cap.
     */
    public void keepForInspection(Path jobDirectory) {
        List<String> removed = JobFiles.removeLinks(jobDirectory);
        if (!removed.isEmpty()) {
            log.warn("job directory {}: removed {} link(s) the tool made: {}", jobDirectory, removed.size(),
                    removed.stream().limit(10).toList());
        }
        if (cap.exceeded(jobDirectory)) {
            cap.trim(jobDirectory);
        }
    }

    private ProcessBuilder builder(List<String> command, Path jobDirectory, Map<String, String> environment) {
        List<String> line = new ArrayList<>();
        if (isolation == Isolation.BUBBLEWRAP) {
            line.addAll(bwrapArguments(bwrap.orElseThrow(), jobDirectory, environment));
            Path tool = Path.of(command.getFirst());
            if (!tool.startsWith("/usr")) {
                // a tool outside the system trees (a configured path) is shown to the sandbox, read-only
                line.addAll(List.of("--ro-bind", tool.toString(), tool.toString()));
            }
        } else {
            setsid.ifPresent(path -> line.addAll(List.of(path.toString(), "--wait")));
        }
        prlimit.ifPresent(path -> line.addAll(rlimits(path)));
        line.addAll(command);
        ProcessBuilder builder = new ProcessBuilder(line).directory(jobDirectory.toFile());
        // never the JVM's environment (keys, tokens): bubblewrap's own process and its init keep whatever they
        // were started with, and a tool can read an ancestor's environment wherever /proc shows it
        Map<String, String> started = builder.environment();
        started.clear();
        started.put("PATH", SANDBOX_PATH);
        if (isolation != Isolation.BUBBLEWRAP) {
            started.putAll(fallbackEnvironment(jobDirectory));
            started.putAll(environment);
        }
        return builder;
    }

    /** All a tool gets outside bubblewrap: the search path, a home and TeX's cache in the job directory. */
    static Map<String, String> fallbackEnvironment(Path jobDirectory) {
        return Map.of("PATH", hostPath(), "HOME", jobDirectory.toString(), "LANG", "C.UTF-8",
                "TEXMFVAR", jobDirectory.resolve(".texmf-var").toString());
    }

    /** The host's search path (TeX may live outside /usr/bin), falling back to the system's. */
    private static String hostPath() {
        String path = System.getenv("PATH");
        return path == null || path.isBlank() ? SANDBOX_PATH : path;
    }

    private List<String> rlimits(Path prlimitCommand) {
        return List.of(prlimitCommand.toString(),
                "--cpu=" + Math.max(1, limits.cpuTime().toSeconds()),
                "--as=" + limits.addressSpace().toBytes(),
                "--fsize=" + limits.fileSize().toBytes(),
                "--nofile=" + limits.openFiles(),
                "--");
    }

    private static List<String> bwrapArguments(Path bwrap, Path jobDirectory, Map<String, String> environment) {
        List<String> args = new ArrayList<>(List.of(bwrap.toString(),
                "--unshare-all", "--as-pid-1", "--die-with-parent", "--new-session", "--cap-drop", "ALL"));
        for (String link : TOP_LEVEL_LINKS) {
            Path host = Path.of(link);
            if (Files.isSymbolicLink(host)) {
                try {
                    args.addAll(List.of("--symlink", Files.readSymbolicLink(host).toString(), link));
                } catch (IOException e) {
                    // an unreadable link is left out; /usr still holds the binaries
                }
            } else {
                args.addAll(List.of("--ro-bind-try", link, link));
            }
        }
        args.addAll(List.of("--dir", "/etc"));
        for (String tree : READ_ONLY) {
            args.addAll(List.of("--ro-bind-try", tree, tree));
        }
        // no /proc at all: neither TeX nor latexmk needs it, and it is the way to ancestors' environments and
        // command lines and to the host paths of every mount (mountinfo)
        args.addAll(List.of("--dev", "/dev", "--tmpfs", "/tmp",
                "--bind", jobDirectory.toString(), JOB_DIR, "--chdir", JOB_DIR,
                "--clearenv", "--setenv", "PATH", SANDBOX_PATH, "--setenv", "HOME", JOB_DIR,
                "--setenv", "TEXMFVAR", "/tmp/texmf-var", "--setenv", "LANG", "C.UTF-8"));
        environment.forEach((name, value) -> args.addAll(List.of("--setenv", name, value)));
        return args;
    }

    /** Kills the tool and every process it started, children first so none is re-parented and missed. */
    static void destroyTree(Process process) {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        tree.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
