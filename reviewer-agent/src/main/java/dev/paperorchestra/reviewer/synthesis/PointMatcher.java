package dev.paperorchestra.reviewer.synthesis;

import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.reviewer.rubric.RubricAssessment.Point;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether two reviewers' revision points are the same point, by plain rules a reader can check: the same quoted
 * span (one quote's words inside the other's, at least three words), or requests that share most of their
 * content words (more when the points are filed under different criteria).
 */
final class PointMatcher {

    /** Word overlap (Jaccard) of two requests under the same criterion from which they are one point. */
    static final double SAME_CRITERION_OVERLAP = 0.34;
    /** The same across criteria: one reviewer's clarity point may be another's soundness point. */
    static final double CROSS_CRITERION_OVERLAP = 0.5;
    private static final int MIN_QUOTE_WORDS = 3;

    private static final Set<String> STOP = Set.of("the", "a", "an", "and", "or", "of", "to", "in", "on", "for",
            "with", "is", "are", "be", "it", "its", "this", "that", "as", "by", "at", "from", "how", "what", "which",
            "should", "please", "paper", "authors", "section", "more", "not", "no", "do", "does", "their", "they");

    private PointMatcher() {
    }

    static boolean same(Point a, String criterionA, Point b, String criterionB) {
        if (sameQuote(a.quote(), b.quote())) {
            return true;
        }
        double overlap = jaccard(contentWords(a.request()), contentWords(b.request()));
        return overlap >= (criterionA.equals(criterionB) ? SAME_CRITERION_OVERLAP : CROSS_CRITERION_OVERLAP);
    }

    static boolean sameQuote(String a, String b) {
        List<String> wordsA = words(a);
        List<String> wordsB = words(b);
        if (wordsA.size() < MIN_QUOTE_WORDS || wordsB.size() < MIN_QUOTE_WORDS) {
            return false;
        }
        return wordsA.size() <= wordsB.size() ? Collections.indexOfSubList(wordsB, wordsA) >= 0
                : Collections.indexOfSubList(wordsA, wordsB) >= 0;
    }

    static double jaccard(Set<String> a, Set<String> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return 0;
        }
        Set<String> union = new HashSet<>(a);
        union.addAll(b);
        Set<String> shared = new HashSet<>(a);
        shared.retainAll(b);
        return (double) shared.size() / union.size();
    }

    static Set<String> contentWords(String text) {
        Set<String> words = new HashSet<>(words(text));
        words.removeAll(STOP);
        words.removeIf(word -> word.length() < 3 && !word.chars().allMatch(Character::isDigit));
        return words;
    }

    /** Lower-case words of letters and digits ({@link Prose#normalised}). */
    static List<String> words(String text) {
        String normal = Prose.normalised(text);
        return normal.isEmpty() ? List.of() : List.of(normal.split(" "));
    }
}
