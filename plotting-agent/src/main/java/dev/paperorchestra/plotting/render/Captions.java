package dev.paperorchestra.plotting.render;

import dev.paperorchestra.model.text.Prose;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Plain-text captions: no "Figure N:" prefix (LaTeX numbers figures), no markdown, one sentence saying what
 * is plotted against what.
 */
public final class Captions {

    /** The longest author caption used (the intake allows no longer; others are cut at a word). */
    static final int MAX_AUTHOR_CAPTION = 1000;

    private Captions() {
    }

    /**
     * E.g. "Depth accuracy: RMSE and MAE for each method." The source document is not named: the paper's reader
     * has no "experimental log" (the figure's provenance records it).
     */
    public static String forChart(String title, ChartData data) {
        String metrics = joinNames(data.series().stream().map(ChartData.Series::name).toList());
        String rows = rowNoun(data.categoryLabel());
        String relation = switch (data.kind()) {
            case LINE -> " versus " + rows;
            case SCATTER -> " against " + rows + ", one point per row";
            case STACKED_BAR -> " stacked for each " + rows;
            case ERROR_BAR -> " with their logged spreads for each " + rows;
            case BAR, GROUPED_BAR, HEATMAP -> " for each " + rows;
        };
        return plain(title) + ": " + metrics + relation + ".";
    }

    /**
     * A model's caption, made plain, when every number it states is written in the log (its text or a table
     * cell); empty when it is blank or states a number the log does not have.
     */
    public static Optional<String> checked(String caption, String logText, List<SourceTable> tables) {
        String plain = plain(caption);
        if (plain.isBlank()) {
            return Optional.empty();
        }
        StringBuilder log = new StringBuilder(logText);
        for (SourceTable table : tables) {
            table.table().rows().forEach(row -> log.append(' ').append(String.join(" ", row)));
        }
        Set<String> logged = numbers(log.toString());
        return numbers(plain).stream().allMatch(logged::contains) ? Optional.of(plain + ".") : Optional.empty();
    }

    /**
     * The numbers of a text as written: digits with an optional fraction, thousands separators dropped; digits
     * that continue a word or a number ("v2", the "3" of "1.2.3") are not a number of their own.
     */
    static Set<String> numbers(String text) {
        String plain = text.replace(",", "");
        Set<String> found = new HashSet<>();
        int i = 0;
        while (i < plain.length()) {
            if (!Character.isDigit(plain.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            boolean attached = start > 0 && (Character.isLetterOrDigit(plain.charAt(start - 1))
                    || plain.charAt(start - 1) == '_' || plain.charAt(start - 1) == '.');
            i = digitsEnd(plain, i);
            if (i + 1 < plain.length() && plain.charAt(i) == '.' && Character.isDigit(plain.charAt(i + 1))) {
                i = digitsEnd(plain, i + 1);
            }
            if (!attached) {
                found.add(plain.substring(start, i));
            }
        }
        return found;
    }

    private static int digitsEnd(String text, int from) {
        int i = from;
        while (i < text.length() && Character.isDigit(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** A caption from a file name, for an author-supplied figure: "qualitative_results.png" -> "Qualitative results." */
    public static String fromFileName(String fileName) {
        String stem = fileName.contains(".") ? fileName.substring(0, fileName.lastIndexOf('.')) : fileName;
        String words = stem.replaceAll("^(fig(ure)?)[_\\-\\s]*\\d*[_\\-\\s]*", "")
                .replaceAll("([a-z])([A-Z])", "$1 $2")
                .replaceAll("[_\\-.]+", " ").replaceAll("\\s+", " ").strip();
        if (words.isEmpty()) {
            words = stem.replaceAll("[_\\-.]+", " ").strip();
        }
        words = words.toLowerCase(Locale.ROOT);
        if (words.isEmpty()) {
            return "Supplied by the authors.";
        }
        return Character.toUpperCase(words.charAt(0)) + words.substring(1) + ".";
    }

    /**
     * The author's own caption (materials {@code figures/captions.json}) as written, without a "Figure N:"
     * prefix (LaTeX numbers figures), on one line and ending as a sentence; empty when there is none. It is
     * escaped where it reaches LaTeX, so it is kept as the author wrote it.
     */
    public static Optional<String> fromAuthor(@Nullable String caption) {
        if (caption == null) {
            return Optional.empty();
        }
        String text = withoutFigurePrefix(Prose.oneLine(caption));
        if (text.length() > MAX_AUTHOR_CAPTION) {
            // a submitter other than the intake may send anything: cut at a word
            int cut = text.lastIndexOf(' ', MAX_AUTHOR_CAPTION);
            text = text.substring(0, cut > 0 ? cut : MAX_AUTHOR_CAPTION);
        }
        if (text.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(endsSentence(text) ? text : text + ".");
    }

    /** A figure's title from its caption: the first sentence, without its full stop, at most about 120 characters. */
    public static String titleOf(String caption) {
        List<String> sentences = Prose.sentences(Prose.oneLine(caption));
        String first = withoutEnd(sentences.isEmpty() ? caption.strip() : sentences.getFirst(), ".!?");
        if (first.length() > 120) {
            int cut = first.lastIndexOf(' ', 120);
            first = first.substring(0, cut > 0 ? cut : 120);
        }
        return first;
    }

    /** Text as a reader sees it (Markdown read by the model, math as Unicode) without a "Figure N:" prefix. */
    public static String plain(String text) {
        return withoutEnd(withoutFigurePrefix(AxisLabels.text(text)), ".:;");
    }

    /**
     * The text without a leading "Figure 3:", "Fig. 2a.", "Figure:" (LaTeX numbers figures); a text that only starts
     * with the word ("Figure-ground separation") is kept.
     */
    static String withoutFigurePrefix(String text) {
        String stripped = text.strip();
        String lower = stripped.toLowerCase(Locale.ROOT);
        int at = lower.startsWith("figure") ? 6 : lower.startsWith("fig") ? 3 : -1;
        if (at < 0) {
            return stripped;
        }
        if (at == 3 && at < lower.length() && lower.charAt(at) == '.') {
            at++;
        }
        at = spaces(lower, at);
        if (at < lower.length() && lower.charAt(at) == ':') {
            return stripped.substring(at + 1).strip();
        }
        int digits = digitsEnd(lower, at);
        if (digits == at) {
            return stripped;
        }
        at = digits;
        if (at < lower.length() && Character.isLetter(lower.charAt(at)) && (at + 1 == lower.length()
                || !Character.isLetter(lower.charAt(at + 1)))) {
            at++;
        }
        at = spaces(lower, at);
        if (at < lower.length() && ":.-".indexOf(lower.charAt(at)) >= 0) {
            at++;
        }
        return stripped.substring(at).strip();
    }

    private static int spaces(String text, int from) {
        int i = from;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** The text without any trailing characters of {@code marks}. */
    private static String withoutEnd(String text, String marks) {
        String result = text.strip();
        while (!result.isEmpty() && marks.indexOf(result.charAt(result.length() - 1)) >= 0) {
            result = result.substring(0, result.length() - 1);
        }
        return result.strip();
    }

    private static boolean endsSentence(String text) {
        return !text.isEmpty() && ".!?".indexOf(text.charAt(text.length() - 1)) >= 0;
    }

    private static String rowNoun(String header) {
        String noun = plain(header);
        if (noun.isEmpty()) {
            return "row of the table";
        }
        // keep acronyms and names (RMSE, ResNet) as written; lower-case ordinary words
        return noun.chars().filter(Character::isUpperCase).count() > 1 ? noun
                : noun.substring(0, 1).toLowerCase(Locale.ROOT) + noun.substring(1);
    }

    private static String joinNames(List<String> names) {
        List<String> plainNames = names.stream().map(Captions::plain).toList();
        if (plainNames.size() == 1) {
            return plainNames.getFirst();
        }
        return String.join(", ", plainNames.subList(0, plainNames.size() - 1)) + " and " + plainNames.getLast();
    }
}
