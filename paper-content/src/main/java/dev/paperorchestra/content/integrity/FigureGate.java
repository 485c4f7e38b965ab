package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Gate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Figures: every rendered figure is included exactly once under its exact file name ({@code figures/<name>}),
 * its float has a label that the text references, and it stands before the conclusion unless it is in the
 * appendix; and every {@code \includegraphics} names a file that exists.
 */
public final class FigureGate {

    private static final String DIRECTORY = "figures/";
    private static final Pattern INCLUDE = Pattern.compile("\\\\includegraphics\\*?(?:\\[[^\\]]*])?\\{([^}]*)}");
    private static final Pattern FLOAT = Pattern.compile(
            "(?s)\\\\begin\\{(figure\\*?|wrapfigure|SCfigure)}(.*?)\\\\end\\{\\1}");
    private static final Pattern LABEL = Pattern.compile("\\\\label\\{([^}]*)}");

    private FigureGate() {
    }

    /**
     * @param figureFiles    the file names the paper must include, e.g. "fig_sweep.pdf"
     * @param availableFiles the file names present under figures/
     */
    public static GateResult check(String tex, List<String> figureFiles, Set<String> availableFiles) {
        TexSource source = new TexSource(tex);
        List<Include> includes = includes(source);
        List<String> findings = new ArrayList<>();
        int conclusion = source.conclusionStart();
        int appendix = source.appendixStart();
        for (String file : figureFiles) {
            String expected = DIRECTORY + file;
            List<Include> uses = includes.stream().filter(include -> include.path.equals(expected)).toList();
            if (uses.isEmpty()) {
                boolean renamed = includes.stream().anyMatch(include -> include.path.endsWith(stem(file))
                        || stem(include.path).endsWith(stem(file)));
                findings.add(expected + " is not included" + (renamed
                        ? " under its exact name (an \\includegraphics names it differently; use " + expected + ")"
                        : "; add one figure float with \\includegraphics{" + expected + "}"));
                continue;
            }
            if (uses.size() > 1) {
                findings.add(expected + " is included " + uses.size() + " times; include each figure once");
            }
            Include first = uses.getFirst();
            if (first.label == null) {
                findings.add(expected + " (line " + first.line + ") has no \\label in its figure float");
            } else if (!referenced(source.text, first.label)) {
                findings.add(expected + " (label " + first.label + ") is never referenced with \\ref in the text");
            }
            boolean inAppendix = appendix >= 0 && first.offset > appendix;
            if (!inAppendix && conclusion >= 0 && first.offset > conclusion) {
                findings.add(expected + " (line " + first.line + ") stands after the conclusion; move it before "
                        + "the conclusion or into the appendix");
            }
        }
        for (Include include : includes) {
            String name = include.path.startsWith(DIRECTORY) ? include.path.substring(DIRECTORY.length())
                    : include.path;
            if (!availableFiles.contains(name) && !availableFiles.contains(include.path)) {
                findings.add("\\includegraphics{" + include.path + "} (line " + include.line + ") names a file "
                        + "that does not exist; available: " + (availableFiles.isEmpty() ? "none"
                        : availableFiles.stream().sorted().map(file -> DIRECTORY + file).toList()));
            }
        }
        return new GateResult(Gate.FIGURES, figureFiles.size() + includes.size(), findings);
    }

    private record Include(String path, int offset, int line, @Nullable String label) {
    }

    private static List<Include> includes(TexSource source) {
        List<Include> includes = new ArrayList<>();
        Matcher include = INCLUDE.matcher(source.text);
        while (include.find()) {
            includes.add(new Include(include.group(1).strip(), include.start(), source.lineOf(include.start()),
                    labelOfFloatAround(source.text, include.start())));
        }
        return includes;
    }

    private static @Nullable String labelOfFloatAround(String text, int offset) {
        Matcher floats = FLOAT.matcher(text);
        while (floats.find()) {
            if (floats.start() <= offset && offset < floats.end()) {
                Matcher label = LABEL.matcher(floats.group(2));
                return label.find() ? label.group(1).strip() : null;
            }
        }
        return null;
    }

    private static boolean referenced(String text, String label) {
        return Pattern.compile("\\\\(?:ref|autoref|cref|Cref|pageref)\\*?\\{[^}]*(?<=[{,\\s])" + Pattern.quote(label)
                + "\\s*[,}]").matcher(text).find();
    }

    private static String stem(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
