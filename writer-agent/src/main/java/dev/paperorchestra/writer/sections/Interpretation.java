package dev.paperorchestra.writer.sections;

import dev.paperorchestra.model.text.Prose;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the results say they mean: the sentences of the written results that interpret a finding ("This confirms
 * that ...", "..., indicating that ..."), as opposed to those reporting it. When the materials hold nothing else
 * for a Discussion (no observations apart from the tables, no discussion, significance or scope in the idea), the
 * Discussion is these sentences, moved out of the results so nothing is said twice. Nothing is added: every word
 * is the materials'.
 *
 * @param discussion the interpreting sentences, in order, as one paragraph of LaTeX (empty when there are none)
 * @param results    the results' LaTeX without them
 */
record Interpretation(String discussion, String results) {

    /** Word beginnings that mark a sentence as saying what a finding means. */
    private static final List<String> INTERPRETING = List.of("indicat", "suggest", "demonstrat", "confirm",
            "reveal", "impli", "highlight", "underscor");
    private static final List<String> INTERPRETING_PHRASES = List.of("shows that", "show that", "showed that",
            "these results", "these findings", "this means", "we conclude");

    /** The results' interpreting sentences apart from the rest; lines of LaTeX structure (headings, floats, table rows) stay in the results. */
    static Interpretation of(String resultsLatex) {
        List<String> moved = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        int depth = 0;
        for (String line : resultsLatex.split("\n", -1)) {
            String text = line.strip();
            // a float's or a list's lines (table rows, captions) are not the results' prose
            int opened = depth;
            depth += occurrences(text, "\\begin{") - occurrences(text, "\\end{");
            if (opened > 0 || text.isEmpty() || text.startsWith("\\") || text.startsWith("%")) {
                lines.add(line);
                continue;
            }
            List<String> sentences = Prose.sentences(text);
            List<String> kept = new ArrayList<>();
            for (String sentence : sentences) {
                (interprets(sentence) ? moved : kept).add(sentence);
            }
            if (kept.size() == sentences.size()) {
                lines.add(line);
            } else if (!kept.isEmpty()) {
                lines.add(String.join(" ", kept));
            }
        }
        return new Interpretation(String.join(" ", moved), String.join("\n", lines));
    }

    private static int occurrences(String text, String what) {
        int count = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) {
            count++;
        }
        return count;
    }

    static boolean interprets(String sentence) {
        String lower = " " + sentence.toLowerCase(Locale.ROOT) + " ";
        for (String word : Prose.words(lower)) {
            String bare = word.replaceFirst("^[^\\p{L}]+", "");
            for (String stem : INTERPRETING) {
                if (bare.startsWith(stem)) {
                    return true;
                }
            }
        }
        return INTERPRETING_PHRASES.stream().anyMatch(phrase -> Prose.mentions(lower, phrase));
    }
}
