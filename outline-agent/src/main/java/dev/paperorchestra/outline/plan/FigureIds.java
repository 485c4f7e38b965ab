package dev.paperorchestra.outline.plan;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Hands out the figure ids of one outline: {@code fig_} + the caption in ASCII snake_case, at most
 * {@link #MAX_LENGTH} characters before the {@code _2}, {@code _3}, ... that keeps a repeated caption unique,
 * never containing the word "figure" (the writer and plotting agent name files after it, and LaTeX labels made
 * from it must not read "Figure Figure 3").
 */
final class FigureIds {

    static final int MAX_LENGTH = 40;
    private static final String PREFIX = "fig";
    private static final Set<String> SKIPPED = Set.of("a", "an", "the", "of", "on", "in", "for", "and", "with",
            "to", "by", "vs", "versus", "at");

    private final Set<String> used = new HashSet<>();

    /** A new id for a figure made from the table with this caption (0-based table index as a fallback). */
    String next(String caption, int tableIndex) {
        List<String> words = words(caption);
        if (words.isEmpty()) {
            words = List.of("table", String.valueOf(tableIndex + 1));
        }
        StringBuilder id = new StringBuilder(PREFIX);
        for (String word : words) {
            if (id.length() + 1 + word.length() > MAX_LENGTH) {
                break;
            }
            id.append('_').append(word);
        }
        if (id.length() == PREFIX.length()) {
            id.append('_').append(words.getFirst(), 0, Math.min(words.getFirst().length(), MAX_LENGTH - 4));
        }
        String unique = id.toString();
        for (int n = 2; !used.add(unique); n++) {
            unique = id + "_" + n;
        }
        return unique;
    }

    /** Lower-case ASCII words of the caption, minus a leading "Table 3", filler words and any "figure". */
    static List<String> words(String caption) {
        String ascii = Normalizer.normalize(caption, Normalizer.Form.NFD).replaceAll("\\p{M}", "")
                .toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", " ").strip();
        List<String> words = new ArrayList<>(ascii.isEmpty() ? List.of() : Arrays.asList(ascii.split(" ")));
        if (words.size() > 2 && words.getFirst().equals("table") && words.get(1).matches("\\d+")) {
            words.subList(0, 2).clear();
        }
        List<String> kept = words.stream().map(word -> word.replace("figure", "")).filter(word -> !word.isEmpty())
                .filter(word -> !SKIPPED.contains(word)).toList();
        return kept.isEmpty() ? words.stream().map(word -> word.replace("figure", ""))
                .filter(word -> !word.isEmpty()).toList() : kept;
    }
}
