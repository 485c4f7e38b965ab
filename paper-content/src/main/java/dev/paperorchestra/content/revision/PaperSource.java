package dev.paperorchestra.content.revision;

import dev.paperorchestra.content.latex.LatexCompiler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A paper's LaTeX source directory, ours or a human's: the main .tex (the one with {@code \documentclass}, preferring
 * paper.tex and main.tex), the bibliography it names, the figures under figures/ and the rest as its author kit.
 * Files the main .tex pulls in with {@code \input} on a line of their own are revised too: {@link #expandedTex()}
 * inlines them between marker comments and {@link #splitInputs} writes each back to its own file.
 *
 * @param mainTex      the main file's name
 * @param tex          its text
 * @param bibliography the .bib it names (or the only .bib), "" when none
 * @param figures      figure file name under figures/ to its bytes
 * @param kit          every other file (style, class, .bst, inputs) by relative path, as the compile allows
 */
public record PaperSource(String mainTex, String tex, String bibliography, Map<String, byte[]> figures,
        Map<String, byte[]> kit) {

    private static final long MAX_FILE = 64L << 20;
    /** The marker comments around an inlined file: the begin line carries its path and the command it replaced. */
    public static final String INPUT_BEGIN = "%po-input-begin ";
    public static final String INPUT_END = "%po-input-end ";
    private static final Pattern INPUT = Pattern.compile("(?m)^[ \\t]*\\\\input\\{([^{}\\n]+)}[ \\t]*$");
    private static final Pattern MARKER = Pattern.compile("(?m)^%po-input-(begin|end) ([^ \\n]+)(?: (.*))?$");
    private static final int MAX_INPUT_DEPTH = 8;
    private static final int MAX_DEPTH = 4;

    public PaperSource {
        figures = Map.copyOf(figures);
        kit = Map.copyOf(kit);
    }

    public static PaperSource read(Path directory) {
        try (Stream<Path> walk = Files.walk(directory, MAX_DEPTH)) {
            List<Path> files = walk.filter(Files::isRegularFile).filter(file -> !Files.isSymbolicLink(file)).sorted()
                    .toList();
            Path main = main(directory, files).orElseThrow(() -> new IllegalArgumentException("no .tex file with "
                    + "\\documentclass in " + directory));
            String tex = Files.readString(main, StandardCharsets.UTF_8);
            List<String> named = TexDocument.parse(tex).bibliography().files();
            String first = named.isEmpty() ? "" : named.getFirst().strip();
            String bibName = first.isEmpty() ? "" : (first.endsWith(".bib") ? first : first + ".bib");
            String bibliography = "";
            Map<String, byte[]> figures = new LinkedHashMap<>();
            Map<String, byte[]> kit = new LinkedHashMap<>();
            List<Path> bibs = files.stream().filter(file -> file.toString().endsWith(".bib")).toList();
            for (Path file : files) {
                String relative = directory.relativize(file).toString().replace('\\', '/');
                if (file.equals(main) || Files.size(file) > MAX_FILE) {
                    continue;
                }
                if (relative.endsWith(".bib")) {
                    if (relative.equals(bibName) || bibs.size() == 1) {
                        bibliography = Files.readString(file, StandardCharsets.UTF_8);
                    }
                } else if (relative.startsWith("figures/") && relative.indexOf('/', 8) < 0) {
                    figures.put(relative.substring(8), Files.readAllBytes(file));
                } else if (LatexCompiler.kitPathAllowed(relative)) {
                    kit.put(relative, Files.readAllBytes(file));
                }
            }
            return new PaperSource(directory.relativize(main).toString(), tex, bibliography, figures, kit);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the paper in " + directory, e);
        }
    }

    private static Optional<Path> main(Path directory, List<Path> files) throws IOException {
        for (String preferred : List.of("paper.tex", "main.tex")) {
            Path file = directory.resolve(preferred);
            if (files.contains(file)) {
                return Optional.of(file);
            }
        }
        for (Path file : files) {
            if (file.toString().toLowerCase(Locale.ROOT).endsWith(".tex")
                    && Files.readString(file, StandardCharsets.UTF_8).contains("\\documentclass")) {
                return Optional.of(file);
            }
        }
        return Optional.empty();
    }

    /**
     * The text to compile: the compile writes the bibliography as references.bib, so {@code \bibliography{name}}
     * is pointed at it.
     */
    public static String forCompile(String tex) {
        TexDocument document = TexDocument.parse(tex);
        TexEdits edits = TexEdits.of(document);
        document.commands("bibliography").forEach(command -> command.argument(0).ifPresent(argument ->
                edits.replace(argument.content(), "references")));
        return edits.isEmpty() ? tex : edits.apply();
    }

    /**
     * The main file with every kit .tex it {@code \input}s on a line of its own inlined (recursively), between
     * {@link #INPUT_BEGIN} and {@link #INPUT_END} comment lines, so the revision sees and edits the whole text and
     * each edit can be written back to the file it falls in. A name that is not a kit file stays as it was.
     */
    public String expandedTex() {
        return expand(tex, 0, new java.util.HashSet<>());
    }

    private String expand(String text, int depth, java.util.Set<String> open) {
        if (depth >= MAX_INPUT_DEPTH) {
            return text;
        }
        Matcher input = INPUT.matcher(text);
        StringBuilder out = new StringBuilder();
        while (input.find()) {
            String name = input.group(1).strip();
            String file = kit.containsKey(name) ? name : kit.containsKey(name + ".tex") ? name + ".tex" : null;
            if (file == null || !file.endsWith(".tex") || file.contains(" ") || open.contains(file)) {
                input.appendReplacement(out, Matcher.quoteReplacement(input.group()));
                continue;
            }
            open.add(file);
            String body = expand(new String(kit.get(file), StandardCharsets.UTF_8), depth + 1, open);
            open.remove(file);
            input.appendReplacement(out, Matcher.quoteReplacement(INPUT_BEGIN + file + " " + input.group().strip()
                    + "\n" + body + (body.endsWith("\n") ? "" : "\n") + INPUT_END + file));
        }
        input.appendTail(out);
        return out.toString();
    }

    /**
     * A (revised) expanded text split back into its files: the main file under {@link #mainTex} with each inlined
     * block replaced by the {@code \input} line it came from, and each inlined file under its kit path. Only files
     * of this paper's kit are returned, so a marker naming any other path writes nothing.
     *
     * @throws IllegalArgumentException when the markers are not properly nested (the text was not made by
     *                                  {@link #expandedTex()})
     */
    public Map<String, String> splitInputs(String expanded) {
        Map<String, String> files = new LinkedHashMap<>();
        java.util.Deque<String[]> stack = new java.util.ArrayDeque<>();
        java.util.Deque<StringBuilder> texts = new java.util.ArrayDeque<>();
        texts.push(new StringBuilder());
        int at = 0;
        Matcher marker = MARKER.matcher(expanded);
        while (marker.find()) {
            texts.peek().append(expanded, at, marker.start());
            at = Math.min(expanded.length(), marker.end() + 1);
            String file = marker.group(2);
            if (marker.group(1).equals("begin")) {
                stack.push(new String[] {file, marker.group(3) == null ? "\\input{" + file + "}" : marker.group(3)});
                texts.push(new StringBuilder());
            } else {
                if (stack.isEmpty() || !stack.peek()[0].equals(file)) {
                    throw new IllegalArgumentException("the inlined files' markers are not nested at " + file);
                }
                String[] opened = stack.pop();
                String body = texts.pop().toString();
                if (!kit.containsKey(file)) {
                    throw new IllegalArgumentException("a marker names " + file + ", which is not a file of the paper");
                }
                files.put(file, body);
                texts.peek().append(opened[1]).append(at > marker.end() ? "\n" : "");
            }
        }
        if (!stack.isEmpty()) {
            throw new IllegalArgumentException("the inlined file " + stack.peek()[0] + " is not closed");
        }
        texts.peek().append(expanded.substring(at));
        Map<String, String> ordered = new LinkedHashMap<>();
        ordered.put(mainTex, texts.peek().toString());
        ordered.putAll(files);
        return ordered;
    }
}
