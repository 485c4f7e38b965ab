package dev.paperorchestra.content.latex;

import dev.paperorchestra.runtime.sandbox.Executables;
import dev.paperorchestra.runtime.sandbox.JobFiles;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import dev.paperorchestra.runtime.sandbox.SandboxedRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Which TeX files the installed TeX can find. */
@FunctionalInterface
public interface TexInstallation {

    /** The answer of one look-up. */
    sealed interface Lookup {

        /** @param files the asked-for file names that TeX finds */
        record Found(Set<String> files) implements Lookup {
            public Found {
                files = Set.copyOf(files);
            }
        }

        /**
         * TeX could not be asked; the reason is for people.
         *
         * @param installed false when TeX is not installed at all (the compile is then skipped too, and the run
         *                  says so), true when it is but the look-up failed
         */
        record Unavailable(String reason, boolean installed) implements Lookup {
        }
    }

    /** Which of these plain file names ({@code amsmath.sty}) TeX finds. */
    Lookup find(Collection<String> files);

    /**
     * The text of an installed TeX file ({@code acmart.cls}), as TeX finds it; empty when it cannot be found or read.
     * Read as Latin-1 so any class's bytes read as text.
     */
    default Optional<String> read(String file) {
        return Optional.empty();
    }

    /** kpsewhich from PATH, run the way the compile runs TeX, shared by everything in this JVM. */
    static TexInstallation kpsewhich() {
        return Kpsewhich.SHARED;
    }

    /**
     * kpsewhich, asked once for all the names of a check, inside the compile {@link Sandbox} so it sees exactly
     * the TeX tree the compile sees (never the user's home texmf, which the compile cannot read either). Files
     * found are remembered for the life of the JVM; a file not found is asked again next time, so a package
     * installed while {@code po serve} runs is seen without a restart.
     */
    final class Kpsewhich implements TexInstallation {

        private static final Logger log = LoggerFactory.getLogger(Kpsewhich.class);
        static final TexInstallation SHARED = new Kpsewhich("kpsewhich", Duration.ofSeconds(30));
        private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*");
        private static final long MAX_OUTPUT = 1L << 20;

        private final String command;
        private final Duration timeout;
        private final Set<String> found = ConcurrentHashMap.newKeySet();
        /** Where TeX found each file it found. */
        private final Map<String, Path> paths = new ConcurrentHashMap<>();
        private volatile Sandbox sandbox;

        Kpsewhich(String command, Duration timeout) {
            this.command = command;
            this.timeout = timeout;
        }

        @Override
        public Lookup find(Collection<String> files) {
            List<String> asked = new ArrayList<>();
            for (String file : files) {
                if (!PLAIN_NAME.matcher(file).matches()) {
                    throw new IllegalArgumentException("not a plain TeX file name: " + file);
                }
                if (!found.contains(file)) {
                    asked.add(file);
                }
            }
            if (asked.isEmpty()) {
                return new Lookup.Found(new HashSet<>(files));
            }
            Optional<Path> executable = Executables.find(command);
            if (executable.isEmpty()) {
                return new Lookup.Unavailable(command + " not found on PATH: TeX Live is not installed here", false);
            }
            Path directory;
            try {
                directory = Files.createTempDirectory("po-kpsewhich-");
            } catch (IOException e) {
                return new Lookup.Unavailable("cannot make a directory to run " + command + " in: "
                        + e.getMessage(), true);
            }
            try {
                List<String> line = new ArrayList<>(List.of(executable.get().toString()));
                line.addAll(asked);
                SandboxedRun run = sandbox().run(line, directory, Map.of(), timeout, directory.resolve("found"));
                switch (run) {
                    // kpsewhich exits with the number of files it did not find, and prints the found ones
                    case SandboxedRun.Exited exited when exited.exitCode() >= 0
                            && exited.exitCode() <= asked.size() -> {
                    }
                    case SandboxedRun.Exited exited -> {
                        return new Lookup.Unavailable(command + " exited with code " + exited.exitCode(), true);
                    }
                    case SandboxedRun.NotStarted notStarted -> {
                        return new Lookup.Unavailable(notStarted.reason(), true);
                    }
                    case SandboxedRun.TimedOut timedOut -> {
                        return new Lookup.Unavailable(command + " did not answer within " + timeout.toSeconds()
                                + " s", true);
                    }
                    case SandboxedRun.DiskLimitExceeded full -> {
                        return new Lookup.Unavailable(command + " wrote past the job directory's cap", true);
                    }
                    case SandboxedRun.Interrupted interrupted -> {
                        Thread.currentThread().interrupt();
                        return new Lookup.Unavailable(command + " was interrupted", true);
                    }
                }
                if (!(JobFiles.read(directory.resolve("found"), MAX_OUTPUT) instanceof JobFiles.Output.Read read)) {
                    return new Lookup.Unavailable(command + " wrote no answer", true);
                }
                Set<String> askedNames = Set.copyOf(asked);
                new String(read.bytes(), StandardCharsets.UTF_8).lines().map(String::strip).forEach(path -> {
                    String name = path.substring(path.lastIndexOf('/') + 1);
                    if (askedNames.contains(name)) {
                        found.add(name);
                        paths.put(name, Path.of(path));
                    }
                });
                Set<String> answer = new HashSet<>(files);
                answer.removeIf(file -> !found.contains(file));
                log.debug("kpsewhich: {} of {} asked files found", answer.size(), files.size());
                return new Lookup.Found(answer);
            } finally {
                JobFiles.deleteTree(directory);
            }
        }

        @Override
        public Optional<String> read(String file) {
            if (!(find(List.of(file)) instanceof Lookup.Found answer) || !answer.files().contains(file)) {
                return Optional.empty();
            }
            Path path = paths.get(file);
            try {
                if (path == null || !Files.isRegularFile(path) || Files.size(path) > MAX_OUTPUT * 4) {
                    return Optional.empty();
                }
                return Optional.of(Files.readString(path, StandardCharsets.ISO_8859_1));
            } catch (IOException e) {
                return Optional.empty();
            }
        }

        /** Probed on first use only: a JVM that never checks a template never starts bubblewrap for it. */
        private Sandbox sandbox() {
            Sandbox current = sandbox;
            if (current == null) {
                synchronized (this) {
                    if (sandbox == null) {
                        sandbox = Sandbox.detect(SandboxProperties.defaults());
                    }
                    current = sandbox;
                }
            }
            return current;
        }
    }
}
