package dev.paperorchestra.plotting.render;

import dev.paperorchestra.content.materials.MarkdownText;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Plain-text captions: no "Figure N:" prefix (LaTeX numbers figures), no markdown, one sentence saying what
 * is plotted against what.
 */
public final class Captions {

    /** A number as written: digits with an optional fraction (thousands separators dropped before matching). */
    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.])\\d+(?:\\.\\d+)?");

    /** The longest author caption used (the intake allows no longer; others are cut at a word). */
    static final int MAX_AUTHOR_CAPTION = 1000;
    private static final Pattern FIRST_SENTENCE = Pattern.compile("^(.+?[.!?])(?=\\s+[A-Z(]|$)");

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

    private static Set<String> numbers(String text) {
        Set<String> found = new HashSet<>();
        Matcher number = NUMBER.matcher(text.replace(",", ""));
        while (number.find()) {
            found.add(number.group());
        }
        return found;
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
        String text = caption.replaceAll("\\s+", " ").strip()
                .replaceFirst("(?i)^(figure|fig\\.?)\\s*\\d+[a-z]?\\s*[:.]\\s*", "").strip();
        if (text.length() > MAX_AUTHOR_CAPTION) {
            // a submitter other than the intake may send anything: cut at a word
            int cut = text.lastIndexOf(' ', MAX_AUTHOR_CAPTION);
            text = text.substring(0, cut > 0 ? cut : MAX_AUTHOR_CAPTION);
        }
        if (text.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(text.matches("(?s).*[.!?]$") ? text : text + ".");
    }

    /** A figure's title from its caption: the first sentence, without its full stop, at most about 120 characters. */
    public static String titleOf(String caption) {
        Matcher sentence = FIRST_SENTENCE.matcher(caption);
        String first = (sentence.find() ? sentence.group(1) : caption).replaceAll("[.!?]+$", "").strip();
        if (first.length() > 120) {
            int cut = first.lastIndexOf(' ', 120);
            first = first.substring(0, cut > 0 ? cut : 120);
        }
        return first;
    }

    /** Text with markdown marks and any "Figure N:" prefix removed. */
    public static String plain(String text) {
        String plain = MarkdownText.plain(text)
                .replaceFirst("(?i)^\\s*(figure|fig\\.?)\\s*(\\d+[a-z]?\\s*[:.\\-]?|:)\\s*", "")
                .replaceAll("[*_`#$\\[\\]]", " ")
                .replaceAll("\\s+", " ").strip();
        return plain.replaceAll("[.:;]+$", "");
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
