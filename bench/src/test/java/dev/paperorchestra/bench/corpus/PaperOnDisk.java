package dev.paperorchestra.bench.corpus;

import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * A written paper as a reader meets it: paper.tex, what poppler reads out of paper.pdf (its text, its metadata, its
 * fonts), the figures with their provenance, and summary.json. The checks of the acceptance corpus read only this,
 * so they hold whatever the pipeline's internals become.
 */
public final class PaperOnDisk {

    /** The document class as paper.tex declares it. */
    public record DocumentClass(String name, List<String> options) {
    }

    /** A top-level section of paper.tex: its title and its LaTeX up to the next section or the end. */
    public record Section(String title, String body) {
    }

    /** One font of the PDF as pdffonts lists it. */
    public record Font(String name, String type, boolean embedded) {
    }

    private static final Pattern SECTION = Pattern.compile("\\\\section\\*?\\s*\\{");
    private static final Pattern END_OF_BODY = Pattern.compile(
            "\\\\(?:bibliography|bibliographystyle|printbibliography|end\\{document}|begin\\{thebibliography}|appendix)\\b");

    private final Path dir;

    public PaperOnDisk(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    public String tex() {
        return read(dir.resolve("paper.tex"));
    }

    /** paper.tex with its comments removed (an escaped {@code \%} is kept). */
    public String texWithoutComments() {
        StringBuilder out = new StringBuilder();
        for (String line : tex().split("\n", -1)) {
            out.append(line.replaceAll("(?<!\\\\)%.*$", "")).append('\n');
        }
        return out.toString();
    }

    public Optional<DocumentClass> documentClass() {
        Matcher m = Pattern.compile("\\\\documentclass\\s*(?:\\[([^\\]]*)])?\\s*\\{([^}]*)}")
                .matcher(texWithoutComments());
        if (!m.find()) {
            return Optional.empty();
        }
        List<String> options = m.group(1) == null ? List.of() : Arrays.stream(m.group(1).split(","))
                .map(String::strip).filter(option -> !option.isEmpty()).toList();
        return Optional.of(new DocumentClass(m.group(2).strip(), options));
    }

    /** The argument of {@code \title} (its optional short title skipped), braces balanced. */
    public Optional<String> title() {
        String tex = texWithoutComments();
        Matcher m = Pattern.compile("\\\\title\\s*(?:\\[[^\\]]*]\\s*)?\\{").matcher(tex);
        return m.find() ? Optional.of(group(tex, m.end() - 1)) : Optional.empty();
    }

    /** Every {@code \section} and {@code \section*} of the body, up to the bibliography or the appendix. */
    public List<Section> sections() {
        String tex = texWithoutComments();
        int begin = tex.indexOf("\\begin{document}");
        String body = begin < 0 ? tex : tex.substring(begin);
        Matcher end = END_OF_BODY.matcher(body);
        int stop = end.find(1) ? end.start() : body.length();
        List<Section> sections = new ArrayList<>();
        Matcher m = SECTION.matcher(body);
        List<int[]> starts = new ArrayList<>();
        while (m.find() && m.start() < stop) {
            starts.add(new int[] {m.start(), m.end() - 1});
        }
        for (int i = 0; i < starts.size(); i++) {
            String title = group(body, starts.get(i)[1]);
            int from = starts.get(i)[1] + title.length() + 2;
            int to = i + 1 < starts.size() ? starts.get(i + 1)[0] : stop;
            sections.add(new Section(title.strip(), from <= to ? body.substring(from, to) : ""));
        }
        return sections;
    }

    /** The PDF's text as pdftotext reads it. */
    public String pdfText() {
        return run("pdftotext", "-enc", "UTF-8", dir.resolve("paper.pdf").toString(), "-");
    }

    /** The PDF's document information (Title, Author, Subject, Keywords, ...) as pdfinfo lists it. */
    public Map<String, String> pdfInfo() {
        Map<String, String> info = new LinkedHashMap<>();
        for (String line : run("pdfinfo", "-enc", "UTF-8", dir.resolve("paper.pdf").toString()).split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                info.put(line.substring(0, colon).strip(), line.substring(colon + 1).strip());
            }
        }
        return info;
    }

    /** Every font of the PDF, as pdffonts lists it. */
    public List<Font> fonts() {
        List<Font> fonts = new ArrayList<>();
        String[] lines = run("pdffonts", dir.resolve("paper.pdf").toString()).split("\n");
        if (lines.length < 2) {
            return fonts;
        }
        // the column positions are given by the dashes under the header
        String dashes = lines[1];
        int[] columns = columnStarts(dashes);
        for (int i = 2; i < lines.length; i++) {
            String line = lines[i];
            if (line.isBlank()) {
                continue;
            }
            String name = cut(line, columns[0], columns[1]);
            String type = cut(line, columns[1], columns[2]);
            String emb = cut(line, columns[3], columns[4]);
            fonts.add(new Font(name, type, "yes".equals(emb)));
        }
        return fonts;
    }

    /** The provenance of every figure (figures/*.json). */
    public List<JsonNode> figures() {
        Path figures = dir.resolve("figures");
        if (!Files.isDirectory(figures)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(figures)) {
            return files.filter(file -> file.toString().endsWith(".json")).sorted()
                    .map(file -> json(file)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The text drawn in a figure's PDF (axis labels, legends, ticks), when it has one. */
    public Optional<String> figureText(String figureId) {
        Path pdf = dir.resolve("figures").resolve(figureId + ".pdf");
        return Files.exists(pdf) ? Optional.of(run("pdftotext", "-enc", "UTF-8", pdf.toString(), "-"))
                : Optional.empty();
    }

    public JsonNode summary() {
        return json(dir.resolve("summary.json"));
    }

    /** The keys of every {@code \cite}-like command of paper.tex. */
    public List<String> citedKeys() {
        List<String> keys = new ArrayList<>();
        Matcher m = Pattern.compile("\\\\[A-Za-z]*cite[A-Za-z]*\\*?\\s*(?:\\[[^\\]]*]\\s*){0,2}\\{([^}]*)}")
                .matcher(texWithoutComments());
        while (m.find()) {
            Arrays.stream(m.group(1).split(",")).map(String::strip).filter(key -> !key.isEmpty())
                    .filter(key -> !keys.contains(key)).forEach(keys::add);
        }
        return keys;
    }

    /**
     * The body's paragraphs as prose: split at blank lines, floats and commands' names left out, and the word count
     * of each.
     */
    public List<Integer> paragraphWordCounts() {
        List<Integer> counts = new ArrayList<>();
        for (Section section : sections()) {
            String prose = section.body()
                    .replaceAll("(?s)\\\\begin\\{(figure|table|tabular|equation|align)\\*?}.*?\\\\end\\{\\1\\*?}", "\n\n")
                    .replaceAll("\\\\[A-Za-z@]+\\*?", " ").replaceAll("[{}\\[\\]]", " ");
            for (String paragraph : prose.split("\\n\\s*\\n")) {
                int words = paragraph.isBlank() ? 0 : paragraph.strip().split("\\s+").length;
                if (words > 0) {
                    counts.add(words);
                }
            }
        }
        return counts;
    }

    private static String group(String text, int openBrace) {
        int depth = 0;
        for (int i = openBrace; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return text.substring(openBrace + 1, i);
            }
        }
        return text.substring(openBrace + 1);
    }

    private static int[] columnStarts(String dashes) {
        List<Integer> starts = new ArrayList<>();
        for (int i = 0; i < dashes.length(); i++) {
            if (dashes.charAt(i) == '-' && (i == 0 || dashes.charAt(i - 1) == ' ')) {
                starts.add(i);
            }
        }
        starts.add(Integer.MAX_VALUE);
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static String cut(String line, int from, int to) {
        if (from >= line.length()) {
            return "";
        }
        return line.substring(from, Math.min(to, line.length())).strip();
    }

    private static JsonNode json(Path file) {
        try {
            return Json.mapper().readTree(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs a poppler tool and returns its standard output; a failure is an error naming the command. */
    static String run(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish in 60 s");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " exited " + process.exitValue());
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(String.join(" ", command) + " could not run (poppler-utils installed?)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
