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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A paper's LaTeX source directory, ours or a human's: the main .tex (the one with {@code \documentclass}, preferring
 * paper.tex and main.tex), the bibliography it names, the figures under figures/ and the rest as its author kit.
 * Files another .tex pulls in with {@code \input} are kit files: only the main file is revised.
 *
 * @param mainTex      the main file's name
 * @param tex          its text
 * @param bibliography the .bib it names (or the only .bib), "" when none
 * @param figures      figure file name under figures/ to its bytes
 * @param kit          every other file (style, class, .bst, inputs) by relative path, as the compile allows
 */
public record PaperSource(String mainTex, String tex, String bibliography, Map<String, byte[]> figures,
        Map<String, byte[]> kit) {

    private static final Pattern BIBLIOGRAPHY = Pattern.compile("(?m)^[^%\\n]*\\\\bibliography\\{([^},]+)");
    private static final long MAX_FILE = 64L << 20;
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
            Matcher named = BIBLIOGRAPHY.matcher(tex);
            String bibName = named.find() ? named.group(1).strip().replaceFirst("\\.bib$", "") + ".bib" : "";
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
        return BIBLIOGRAPHY.matcher(tex).replaceAll(match -> Matcher.quoteReplacement(
                match.group().substring(0, match.group().lastIndexOf('{') + 1) + "references"));
    }
}
