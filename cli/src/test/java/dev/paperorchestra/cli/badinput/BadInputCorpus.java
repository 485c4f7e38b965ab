package dev.paperorchestra.cli.badinput;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Generates malformed and hostile materials directories, each the bundled CVPR example with one thing broken,
 * and says what {@code po run} must answer for each. {@code main(dir)} writes them all out for trying by hand.
 */
public final class BadInputCorpus {

    static final Path EXAMPLE = Path.of("..", "examples", "cvpr-sparse-depth");
    static final String IDEA = "idea.md";
    static final String LOG = "experimental_log.md";
    static final String TEMPLATE = "template.tex";
    static final String GUIDELINES = "conference_guidelines.md";
    static final String JOB = "job.json";
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13};
    private static final byte[] LATIN1 = "Caf\u00e9 na\u00efve r\u00e9sum\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);

    /** What {@code po run} must do with a case. */
    public sealed interface Expected {
    }

    /** Exit 2 before anything starts; stderr names {@code file} and contains {@code problem}. */
    public record Refused(String file, String problem) implements Expected {
    }

    /** Accepted, and stdout says plainly what was done: {@code note}. */
    public record Handled(String note) implements Expected {
    }

    /** Builds a case's directory from a copy of the example. */
    @FunctionalInterface
    public interface Breakage {
        void apply(Path materials) throws IOException;
    }

    /**
     * @param name     directory name and test name
     * @param breakage what is broken
     * @param options  extra {@code po run} options
     * @param expected the answer
     */
    public record Case(String name, Breakage breakage, List<String> options, Expected expected) {

        /** Writes the case under {@code root/name} and returns the materials directory. */
        public Path write(Path root) throws IOException {
            Path dir = root.resolve(name);
            copy(EXAMPLE, dir);
            breakage.apply(dir);
            return dir;
        }
    }

    private BadInputCorpus() {
    }

    public static void main(String[] args) throws IOException {
        Path root = Path.of(args.length > 0 ? args[0] : "bad-inputs");
        for (Case c : cases()) {
            c.write(root);
            System.out.println(root.resolve(c.name()) + "  " + String.join(" ", c.options()) + "  -> " + c.expected());
        }
    }

    public static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (String file : List.of(IDEA, LOG, TEMPLATE, GUIDELINES)) {
            String stem = file.substring(0, file.indexOf('.'));
            cases.add(refused("missing-" + stem, dir -> Files.delete(dir.resolve(file)), file, "missing"));
            cases.add(refused("empty-" + stem, dir -> Files.write(dir.resolve(file), new byte[0]), file, "empty"));
            cases.add(refused("binary-" + stem, dir -> Files.write(dir.resolve(file), PNG), file, "binary"));
            cases.add(refused("latin1-" + stem, dir -> Files.write(dir.resolve(file), LATIN1), file, "not valid UTF-8"));
            cases.add(refused("oversized-" + stem, dir -> sparse(dir.resolve(file), 50L << 20), file,
                    "at most"));
            cases.add(refused("symlinked-" + stem, dir -> link(dir.resolve(file), Path.of("/etc/passwd")), file,
                    "symbolic link"));
        }
        cases.add(refused("blank-idea", dir -> Files.writeString(dir.resolve(IDEA), " \n\t\n"), IDEA, "whitespace"));
        cases.add(refused("utf16-log", dir -> Files.write(dir.resolve(LOG), Files.readString(dir.resolve(LOG))
                .getBytes(StandardCharsets.UTF_16)), LOG, "binary"));
        cases.add(refused("log-is-a-fifo", dir -> fifo(dir.resolve(LOG)), LOG, "not a regular file"));
        cases.add(refused("idea-is-a-directory", dir -> {
            Files.delete(dir.resolve(IDEA));
            Files.createDirectory(dir.resolve(IDEA));
        }, IDEA, "directory"));

        cases.add(refused("template-without-begin-document", dir -> edit(dir.resolve(TEMPLATE),
                "\\begin{document}", ""), TEMPLATE, "\\begin{document}"));
        cases.add(refused("template-without-sections", dir -> Files.writeString(dir.resolve(TEMPLATE),
                "\\documentclass{article}\n\\begin{document}\nText only.\n\\end{document}\n"), TEMPLATE, "\\section"));
        cases.add(refused("template-without-documentclass", dir -> edit(dir.resolve(TEMPLATE), "\\documentclass",
                "\\relax"), TEMPLATE, "\\documentclass"));
        cases.add(refused("template-truncated", dir -> edit(dir.resolve(TEMPLATE), "\\end{document}", ""),
                TEMPLATE, "\\end{document}"));

        cases.add(handled("log-without-tables", dir -> Files.writeString(dir.resolve(LOG),
                "# Log\n\nNothing was measured yet; the runs are still going.\n"), "no markdown table"));
        cases.add(handled("log-ragged-table", dir -> Files.writeString(dir.resolve(LOG), "# Log\n\n### Results\n\n"
                + "| Method | RMSE | MAE |\n|---|---|---|\n| A | 1.0 |\n| B | 2.0 | 3.0 | 4.0 |\n"), "missing cells are left empty"));
        cases.add(handled("log-non-numeric-table", dir -> Files.writeString(dir.resolve(LOG), "# Log\n\n### Setup\n\n"
                + "| Dataset | Split |\n|---|---|\n| KITTI | val |\n| NYU | test |\n"), "no column of numbers"));
        cases.add(handled("log-nan-and-infinity", dir -> Files.writeString(dir.resolve(LOG), "# Log\n\n### Results\n\n"
                + "| Method | RMSE | Loss |\n|---|---|---|\n| A | 1.0 | NaN |\n| B | 2.0 | Infinity |\n| C | 3.0 | -inf |\n"),
                "NaN or infinite values"));
        cases.add(handled("log-overflowing-number", dir -> Files.writeString(dir.resolve(LOG), "# Log\n\n### Results\n\n"
                + "| Method | Score |\n|---|---|\n| A | " + "9".repeat(400) + " |\n"), "no column of numbers"));
        cases.add(refused("log-10000-rows", dir -> Files.writeString(dir.resolve(LOG), table(10_000, 3)), LOG,
                "10000 rows"));
        cases.add(refused("log-too-many-tables", dir -> Files.writeString(dir.resolve(LOG), (table(2, 2) + "\n")
                .repeat(41)), LOG, "41 tables"));
        cases.add(refused("log-too-many-columns", dir -> Files.writeString(dir.resolve(LOG), table(3, 40)), LOG,
                "41 columns"));

        cases.add(handled("guidelines-without-page-limit", dir -> {
            edit(dir.resolve(GUIDELINES), "Page limit: 8 pages", "Keep it short.");
            Files.delete(dir.resolve(JOB));
        }, "no page limit"));
        for (String limit : List.of("0", "-3", "abc", "999")) {
            cases.add(refused("guidelines-page-limit-" + limit, dir -> edit(dir.resolve(GUIDELINES),
                    "Page limit: 8 pages", "Page limit: " + limit + " pages"), GUIDELINES, "page limit"));
        }

        cases.add(refused("job-not-json", dir -> Files.writeString(dir.resolve(JOB), "{cutoff"), JOB, "not valid JSON"));
        cases.add(refused("job-an-array", dir -> Files.writeString(dir.resolve(JOB), "[8]"), JOB, "JSON object"));
        cases.add(refused("job-unknown-field", dir -> Files.writeString(dir.resolve(JOB), "{\"pages\": 8}"), JOB,
                "unknown field 'pages'"));
        cases.add(refused("job-negative-page-limit", dir -> Files.writeString(dir.resolve(JOB), "{\"pageLimit\": -3}"),
                JOB + " pageLimit", "1 to 50"));
        cases.add(refused("job-zero-page-limit", dir -> Files.writeString(dir.resolve(JOB), "{\"pageLimit\": 0}"),
                JOB + " pageLimit", "1 to 50"));
        cases.add(refused("job-absurd-page-limit", dir -> Files.writeString(dir.resolve(JOB),
                "{\"pageLimit\": 100000}"), JOB + " pageLimit", "1 to 50"));
        cases.add(refused("job-page-limit-as-text", dir -> Files.writeString(dir.resolve(JOB),
                "{\"pageLimit\": \"abc\"}"), JOB, "whole number"));
        cases.add(refused("job-bad-date", dir -> Files.writeString(dir.resolve(JOB), "{\"cutoffDate\": \"2024-13\"}"),
                JOB + " cutoffDate", "not a date"));
        cases.add(refused("job-empty", dir -> Files.write(dir.resolve(JOB), new byte[0]), JOB, "empty"));
        cases.add(refused("job-oversized", dir -> sparse(dir.resolve(JOB), 1L << 20), JOB, "at most"));

        cases.add(refused("figure-not-an-image", dir -> figure(dir, "plot.png", "not a picture".getBytes(
                StandardCharsets.UTF_8)), "figures/plot.png", "not a PNG"));
        cases.add(refused("figure-empty", dir -> figure(dir, "plot.png", new byte[0]), "figures/plot.png", "empty"));
        cases.add(refused("figure-oversized", dir -> {
            figure(dir, "plot.png", PNG);
            sparse(dir.resolve("figures/plot.png"), 64L << 20);
        }, "figures/plot.png", "at most"));
        cases.add(refused("figure-symlink-outside", dir -> {
            Files.createDirectories(dir.resolve("figures"));
            link(dir.resolve("figures/secret.png"), Path.of("/etc/passwd"));
        }, "figures/secret.png", "symbolic link"));
        cases.add(refused("figure-symlink-inside", dir -> {
            figure(dir, "plot.png", PNG);
            link(dir.resolve("figures/again.png"), Path.of("plot.png"));
        }, "figures/again.png", "symbolic link"));
        cases.add(refused("figures-dir-symlink", dir -> link(dir.resolve("figures"), Path.of("/etc")), "figures",
                "symbolic link"));
        cases.add(refused("figure-name-with-quote", dir -> figure(dir, "a\"b.png", PNG), "figures/a\"b.png",
                "rename"));
        cases.add(refused("figure-name-with-command", dir -> figure(dir, "$(touch pwned).png", PNG),
                "figures/$(touch pwned).png", "rename"));
        cases.add(refused("figure-fifo", dir -> {
            Files.createDirectories(dir.resolve("figures"));
            fifo(dir.resolve("figures/plot.png"));
        }, "figures/plot.png", "not a regular file"));
        cases.add(refused("figure-subdirectory", dir -> Files.createDirectories(dir.resolve("figures/more.png")),
                "figures/more.png", "directory"));
        cases.add(handled("figure-stray-text-file", dir -> figure(dir, "notes.txt", "todo".getBytes(
                StandardCharsets.UTF_8)), "not a PNG, JPEG or PDF figure, ignored"));

        cases.add(optionRefused("option-page-limit-zero", List.of("--page-limit", "0"), "--page-limit"));
        cases.add(optionRefused("option-page-limit-negative", List.of("--page-limit", "-3"), "--page-limit"));
        cases.add(optionRefused("option-page-limit-text", List.of("--page-limit", "abc"), "--page-limit"));
        cases.add(optionRefused("option-page-limit-absurd", List.of("--page-limit", "51"), "--page-limit"));
        cases.add(optionRefused("option-iterations-999", List.of("--iterations", "999"), "--iterations"));
        cases.add(optionRefused("option-iterations-negative", List.of("--iterations", "-1"), "--iterations"));
        cases.add(optionRefused("option-cutoff-month-13", List.of("--cutoff", "2024-13"), "--cutoff"));
        cases.add(optionRefused("option-cutoff-words", List.of("--cutoff", "Nov 2024"), "--cutoff"));
        cases.add(optionRefused("option-timeout-zero", List.of("--timeout", "PT0S"), "--timeout"));
        return cases;
    }

    private static Case refused(String name, Breakage breakage, String file, String problem) {
        return new Case(name, breakage, List.of(), new Refused(file, problem));
    }

    private static Case handled(String name, Breakage breakage, String note) {
        return new Case(name, breakage, List.of(), new Handled(note));
    }

    private static Case optionRefused(String name, List<String> options, String option) {
        return new Case(name, dir -> { }, options, new Refused(option, ""));
    }

    /** A log with one table of {@code rows} rows and {@code columns} numeric columns. */
    private static String table(int rows, int columns) {
        StringBuilder log = new StringBuilder("### Results\n\n| Run |");
        log.append(" m |".repeat(columns)).append("\n|---|").append("---|".repeat(columns)).append('\n');
        for (int row = 0; row < rows; row++) {
            log.append("| r").append(row).append(" |").append((" " + row + ".5 |").repeat(columns)).append('\n');
        }
        return log.toString();
    }

    private static void figure(Path dir, String name, byte[] content) throws IOException {
        Files.createDirectories(dir.resolve("figures"));
        Files.write(dir.resolve("figures").resolve(name), content);
    }

    private static void edit(Path file, String from, String to) throws IOException {
        String text = Files.readString(file);
        if (!text.contains(from)) {
            throw new IllegalStateException(file + " no longer contains " + from + "; update the corpus");
        }
        Files.writeString(file, text.replace(from, to));
    }

    /** A file of {@code size} bytes that takes no disk space: the size is what the limit must catch. */
    private static void sparse(Path file, long size) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(size);
        }
    }

    private static void link(Path link, Path target) throws IOException {
        Files.deleteIfExists(link);
        Files.createSymbolicLink(link, target);
    }

    private static void fifo(Path path) throws IOException {
        Files.deleteIfExists(path);
        try {
            Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
            if (mkfifo.waitFor() != 0) {
                throw new IOException("mkfifo " + path + " failed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path source : files.sorted(Comparator.naturalOrder()).toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
