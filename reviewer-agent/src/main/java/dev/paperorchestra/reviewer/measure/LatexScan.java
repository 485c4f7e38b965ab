package dev.paperorchestra.reviewer.measure;

import static dev.paperorchestra.content.materials.LatexReferences.withoutComments;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.SequencedSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the countable facts out of LaTeX source with regular expressions. It does not expand macros: it
 * sees what an author typed, which is what the writer and reviser agents produce. Citation keys, included
 * graphics and BibTeX keys are read by {@link dev.paperorchestra.content.materials.LatexReferences}, shared
 * with the writer and the refinement checks.
 */
public final class LatexScan {

    private static final Pattern TABLE = Pattern.compile("(?s)\\\\begin\\{table\\*?}(.*?)\\\\end\\{table\\*?}");
    private static final Pattern ABSTRACT = Pattern.compile("(?s)\\\\begin\\{abstract}(.*?)\\\\end\\{abstract}");
    private static final Pattern LABEL = Pattern.compile("\\\\label\\{([^}]*)}");
    private static final Pattern REF = Pattern.compile("\\\\(?:ref|eqref|autoref|cref|Cref|pageref)\\{([^}]*)}");
    private static final Pattern TODO = Pattern.compile("\\bTODO\\b|\\bTBD\\b|\\\\todo\\b");
    private static final Pattern END_OF_SECTION = Pattern.compile(
            "\\\\section\\*?\\{|\\\\bibliographystyle|\\\\bibliography\\{|\\\\appendix|\\\\end\\{document}");
    private static final Pattern HEADING = Pattern.compile(
            "\\\\(?:sub)*section\\*?\\{[^}]*}|\\\\paragraph\\*?\\{[^}]*}");
    private static final Pattern COMMAND = Pattern.compile("\\\\[a-zA-Z]+\\*?");
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}'\\-]*");

    private LatexScan() {
    }

    /** Bodies of every {@code table} / {@code table*} environment. */
    public static List<String> tables(String tex) {
        return groups(TABLE, withoutComments(tex));
    }

    /** True when a table body uses the three booktabs rules. */
    public static boolean isBooktabs(String tableBody) {
        return tableBody.contains("\\toprule") && tableBody.contains("\\midrule") && tableBody.contains("\\bottomrule");
    }

    /** The abstract environment's body, when there is one. */
    public static Optional<String> abstractBody(String tex) {
        Matcher matcher = ABSTRACT.matcher(withoutComments(tex));
        return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
    }

    /**
     * The body of {@code \section{title}} up to the next section, the bibliography, the appendix or the end
     * of the document; empty when the section does not exist.
     */
    public static Optional<String> sectionBody(String tex, String title) {
        String text = withoutComments(tex);
        Matcher start = Pattern.compile("\\\\section\\*?\\{\\s*" + Pattern.quote(title) + "\\s*}").matcher(text);
        if (!start.find()) {
            return Optional.empty();
        }
        Matcher end = END_OF_SECTION.matcher(text);
        int bodyEnd = end.find(start.end()) ? end.start() : text.length();
        return Optional.of(text.substring(start.end(), bodyEnd));
    }

    /** Words of running text: headings, labels and command names removed. */
    public static int words(String latex) {
        String text = LABEL.matcher(latex).replaceAll(" ");
        text = HEADING.matcher(text).replaceAll(" ");
        text = COMMAND.matcher(text).replaceAll(" ");
        int count = 0;
        Matcher matcher = WORD.matcher(text);
        while (matcher.find()) {
            count++;
        }
        return count;
    }

    /** Occurrences of {@code ??}, the mark LaTeX prints for an unresolved reference, typed into the source. */
    public static int doubleQuestionMarks(String tex) {
        String text = withoutComments(tex);
        int count = 0;
        for (int at = text.indexOf("??"); at >= 0; at = text.indexOf("??", at + 2)) {
            count++;
        }
        return count;
    }

    /** TODO / TBD / {@code \todo} markers outside comments. */
    public static int todoMarkers(String tex) {
        Matcher matcher = TODO.matcher(withoutComments(tex));
        int count = 0;
        while (matcher.find()) {
            count++;
        }
        return count;
    }

    /** Keys of {@code \ref}-family commands that no {@code \label} defines, in order of first use. */
    public static List<String> undefinedReferences(String tex) {
        String text = withoutComments(tex);
        SequencedSet<String> labels = new LinkedHashSet<>(groups(LABEL, text));
        SequencedSet<String> missing = new LinkedHashSet<>();
        for (String group : groups(REF, text)) {
            for (String key : group.split(",")) {
                if (!key.isBlank() && !labels.contains(key.strip())) {
                    missing.add(key.strip());
                }
            }
        }
        return List.copyOf(missing);
    }

    private static List<String> groups(Pattern pattern, String text) {
        List<String> found = new ArrayList<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            found.add(matcher.group(1));
        }
        return found;
    }
}
