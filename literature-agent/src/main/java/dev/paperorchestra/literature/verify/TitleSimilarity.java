package dev.paperorchestra.literature.verify;

import dev.paperorchestra.literature.text.Titles;
import org.apache.commons.text.similarity.LongestCommonSubsequence;

/**
 * Title similarity on a 0-100 scale, computed like python-Levenshtein's {@code ratio} on normalised titles:
 * {@code (|a| + |b| - d) / (|a| + |b|)} where {@code d} is the edit distance with substitutions costing two
 * (an insertion plus a deletion), which equals {@code |a| + |b| - 2 * LCS(a, b)}. commons-text's
 * LevenshteinDistance charges one per substitution and would score differently near the threshold.
 */
public final class TitleSimilarity {

    private static final LongestCommonSubsequence LCS = new LongestCommonSubsequence();

    private TitleSimilarity() {
    }

    public static double ratio(String first, String second) {
        String a = Titles.normalise(first);
        String b = Titles.normalise(second);
        int total = a.length() + b.length();
        if (total == 0) {
            return 100.0;
        }
        int distance = total - 2 * LCS.apply(a, b);
        return 100.0 * (total - distance) / total;
    }
}
