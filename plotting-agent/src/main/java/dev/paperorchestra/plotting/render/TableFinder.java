package dev.paperorchestra.plotting.render;

import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.model.text.Prose;
import java.text.Normalizer;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the table a planned plot draws its numbers from: the table whose caption is the figure's title, else
 * the numeric table sharing the most words with the title and objective (title words count double, since the
 * outline agent names figures after the tables they chart).
 */
public final class TableFinder {

    private static final Set<String> STOP_WORDS = Set.of("the", "and", "for", "with", "from", "that", "this",
            "into", "over", "under", "between", "across", "each", "per", "all", "our", "its", "their", "how",
            "what", "which", "show", "shows", "showing", "compare", "compares", "comparing", "comparison", "plot",
            "chart", "bar", "line", "graph", "figure", "table", "results", "result", "versus", "using", "used");

    private TableFinder() {
    }

    /** What the search found. */
    public sealed interface Lookup {
    }

    /** The table to chart. */
    public record Found(SourceTable table) implements Lookup {
    }

    /** No usable table, and why (for the skipped list). */
    public record Missing(String reason) implements Lookup {
    }

    public static Lookup find(PlannedFigure figure, List<SourceTable> tables) {
        String title = normalise(figure.title());
        Optional<SourceTable> exact = tables.stream().filter(t -> normalise(t.caption()).equals(title)).findFirst();
        if (exact.isPresent()) {
            return exact.get().table().isNumeric() ? new Found(exact.get())
                    : new Missing("table '" + exact.get().caption() + "' has no numeric column to chart");
        }
        List<SourceTable> numeric = tables.stream().filter(t -> t.table().isNumeric()).toList();
        if (numeric.isEmpty()) {
            return new Missing("the materials have no table with numeric columns to chart");
        }
        Set<String> titleWords = words(figure.title());
        Set<String> objectiveWords = words(figure.objective());
        record Scored(SourceTable table, int score) {
        }
        return numeric.stream()
                .map(t -> new Scored(t, overlap(titleWords, objectiveWords, words(t.caption()))))
                .filter(scored -> scored.score() > 0)
                // the earliest table wins a tie: logs list main results first
                .max(Comparator.comparingInt(Scored::score).thenComparingInt(s -> -s.table().table().index()))
                .<Lookup>map(scored -> new Found(scored.table()))
                .orElseGet(() -> new Missing("no table caption in the materials matches '" + figure.title() + "'"));
    }

    static Set<String> words(String text) {
        Set<String> words = new HashSet<>();
        for (String word : normalise(text).split(" ")) {
            if (word.length() >= 2 && !STOP_WORDS.contains(word)) {
                words.add(word);
            }
        }
        return words;
    }

    private static int overlap(Set<String> titleWords, Set<String> objectiveWords, Set<String> captionWords) {
        int score = 0;
        for (String word : captionWords) {
            score += titleWords.contains(word) ? 2 : objectiveWords.contains(word) ? 1 : 0;
        }
        return score;
    }

    /**
     * The words a reader sees, lower case, punctuation gone, after Unicode compatibility folding (a subscript δ₁
     * from {@code $\delta_1$} is the δ1 written out): captions, titles and headers compare on these.
     */
    static String normalise(String text) {
        return Prose.normalised(Normalizer.normalize(AxisLabels.text(text), Normalizer.Form.NFKC));
    }
}
