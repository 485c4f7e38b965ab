package dev.paperorchestra.plotting.diagram;

import dev.paperorchestra.plotting.render.FigureSize;
import dev.paperorchestra.runtime.sandbox.Executables;
import dev.paperorchestra.runtime.sandbox.JobFiles;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxedRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Renders Graphviz DOT to a PDF and a PNG of exactly the planned printed size, in the sandbox: Graphviz sees
 * only a scratch job directory, under the sandbox's limits and a wall-clock timeout. Sources that are too long or
 * that name files (images, shape files, font or image paths) are refused before Graphviz runs.
 */
public final class DotRenderer implements DiagramRenderer {

    /** DOT attributes that make Graphviz read a file. */
    private static final List<String> FILE_ATTRIBUTES = List.of("image", "shapefile", "fontpath", "imagepath",
            "fontnames", "stylesheet");
    private static final String SOURCE = "diagram.dot";
    private static final String LOG = "dot.log";
    private static final long MAX_OUTPUT_BYTES = 64L << 20;

    private final Sandbox sandbox;
    private final Duration timeout;
    private final int maxSourceChars;
    private final Optional<Path> dot;

    /**
     * @param sandbox        where Graphviz runs
     * @param timeout        wall-clock limit per Graphviz run
     * @param maxSourceChars longest DOT source accepted
     */
    public DotRenderer(Sandbox sandbox, Duration timeout, int maxSourceChars) {
        this(sandbox, timeout, maxSourceChars, Executables.find("dot"));
    }

    DotRenderer(Sandbox sandbox, Duration timeout, int maxSourceChars, Optional<Path> dot) {
        this.sandbox = sandbox;
        this.timeout = timeout;
        this.maxSourceChars = maxSourceChars;
        this.dot = dot;
    }

    @Override
    public Result render(String source, FigureSize size, int dpi) {
        if (dot.isEmpty()) {
            return new Failed("Graphviz 'dot' is not installed (Debian package graphviz)");
        }
        if (source.length() > maxSourceChars) {
            return new Failed("the DOT source has " + source.length() + " characters, over the limit of "
                    + maxSourceChars);
        }
        if (namesFile(source)) {
            return new Failed("the DOT source names a file (image, shapefile, fontpath, imagepath or stylesheet); "
                    + "diagrams may use only nodes, edges, labels and styles");
        }
        Path job;
        try {
            job = Files.createTempDirectory("po-diagram-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a diagram job directory", e);
        }
        try {
            Files.writeString(job.resolve(SOURCE), source, StandardCharsets.UTF_8);
            // size with "!" and ratio=fill: the drawing is scaled to exactly the planned box
            String box = String.format(Locale.ROOT, "-Gsize=%.3f,%.3f!", size.widthInches(), size.heightInches());
            // margin 0: the PDF device otherwise adds half an inch on every side
            List<String> common = List.of(dot.get().toString(), box, "-Gratio=fill", "-Gpad=0", "-Gmargin=0",
                    "-Nfontname=Helvetica", "-Efontname=Helvetica");
            Optional<String> pdfFailure = run(common, List.of("-Tpdf", "-o", "diagram.pdf", SOURCE), job);
            if (pdfFailure.isPresent()) {
                return new Failed(pdfFailure.get());
            }
            Optional<String> pngFailure = run(common, List.of("-Tpng", "-Gdpi=" + dpi, "-o", "diagram.png", SOURCE),
                    job);
            if (pngFailure.isPresent()) {
                return new Failed(pngFailure.get());
            }
            // Graphviz names these files: read them without following a link it may have made
            JobFiles.Output pdf = JobFiles.read(job.resolve("diagram.pdf"), MAX_OUTPUT_BYTES);
            JobFiles.Output png = JobFiles.read(job.resolve("diagram.png"), MAX_OUTPUT_BYTES);
            if (pdf instanceof JobFiles.Output.Read pdfBytes && !pdfBytes.truncated()
                    && png instanceof JobFiles.Output.Read pngBytes && !pngBytes.truncated()) {
                return new Drawn(pdfBytes.bytes(), pngBytes.bytes());
            }
            return new Failed("Graphviz output refused: " + (pdf instanceof JobFiles.Output.Refused refused
                    ? refused.why() : png instanceof JobFiles.Output.Refused refused ? refused.why()
                    : "missing or larger than " + MAX_OUTPUT_BYTES + " bytes"));
        } catch (IOException e) {
            return new Failed("Graphviz output could not be read (" + e.getMessage() + ")");
        } finally {
            delete(job);
        }
    }

    /** Whether the source sets an attribute that names a file: the attribute's name as a word, then "=". */
    static boolean namesFile(String source) {
        String lower = source.toLowerCase(Locale.ROOT);
        for (String attribute : FILE_ATTRIBUTES) {
            for (int at = lower.indexOf(attribute); at >= 0; at = lower.indexOf(attribute, at + 1)) {
                int after = at + attribute.length();
                boolean word = (at == 0 || !isWordChar(lower.charAt(at - 1)))
                        && (after == lower.length() || !isWordChar(lower.charAt(after)));
                while (after < lower.length() && Character.isWhitespace(lower.charAt(after))) {
                    after++;
                }
                if (word && after < lower.length() && lower.charAt(after) == '=') {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private Optional<String> run(List<String> common, List<String> arguments, Path job) throws IOException {
        List<String> command = Stream.concat(common.stream(), arguments.stream()).toList();
        SandboxedRun run = sandbox.run(command, job, Map.of(), timeout, job.resolve(LOG));
        return switch (run) {
            case SandboxedRun.Exited exited when exited.exitCode() == 0 -> Optional.empty();
            case SandboxedRun.Exited exited -> Optional.of("Graphviz rejected the DOT source: "
                    + firstLines(JobFiles.read(job.resolve(LOG), 4096) instanceof JobFiles.Output.Read log
                            ? new String(log.bytes(), StandardCharsets.UTF_8) : ""));
            case SandboxedRun.TimedOut timedOut -> Optional.of("Graphviz did not finish within "
                    + timeout.toSeconds() + " s");
            case SandboxedRun.DiskLimitExceeded full -> Optional.of("Graphviz wrote more than " + full.limit()
                    + " bytes");
            case SandboxedRun.NotStarted notStarted -> Optional.of(notStarted.reason());
            case SandboxedRun.Interrupted interrupted -> Optional.of("Graphviz was interrupted");
        };
    }

    private static String firstLines(String log) {
        String trimmed = log.strip();
        return trimmed.length() > 400 ? trimmed.substring(0, 400) + "..." : trimmed;
    }

    private static void delete(Path job) {
        // a scratch directory left behind is harmless; the next render uses a new one
        JobFiles.deleteTree(job);
    }
}
