package dev.paperorchestra.plotting.render;

import dev.paperorchestra.runtime.materials.MarkdownText;
import java.util.List;
import java.util.Locale;

/**
 * Plain-text captions: no "Figure N:" prefix (LaTeX numbers figures), no markdown, one sentence saying what
 * is plotted against what and where the numbers come from.
 */
public final class Captions {

    private Captions() {
    }

    /** E.g. "Depth accuracy: RMSE and MAE for each method (from the experimental log)." */
    public static String forChart(String title, ChartData data) {
        String metrics = joinNames(data.series().stream().map(ChartData.Series::name).toList());
        String rows = rowNoun(data.categoryLabel());
        String relation = data.kind() == ChartData.Kind.LINE ? " versus " + rows : " for each " + rows;
        return plain(title) + ": " + metrics + relation + " (from " + data.source().source().description() + ").";
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
