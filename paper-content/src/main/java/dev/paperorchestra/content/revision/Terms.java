package dev.paperorchestra.content.revision;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The content words of a text, for matching a review point to a section, a log table or a sentence by the words
 * they share. LaTeX commands are dropped, case folded, short and common words ignored.
 */
final class Terms {

    private static final Pattern WORD = Pattern.compile("[\\p{L}][\\p{L}\\p{N}-]{2,}");
    private static final Pattern COMMAND = Pattern.compile("\\\\[a-zA-Z]+\\*?");
    private static final Set<String> COMMON = Set.of("the", "and", "for", "are", "was", "were", "this", "that",
            "with", "from", "not", "but", "have", "has", "had", "its", "our", "their", "they", "which", "would",
            "could", "should", "can", "also", "more", "most", "less", "than", "then", "there", "these", "those",
            "into", "about", "such", "what", "when", "where", "how", "why", "does", "did", "been", "being", "any",
            "all", "some", "other", "paper", "authors", "author", "section", "please", "table", "figure", "results",
            "result", "method", "approach", "work", "use", "used", "using", "one", "two", "very", "well", "only",
            "it's", "will", "may", "might", "must", "need", "needs", "like", "e.g", "i.e", "etc", "whether", "provide",
            "include", "including", "missing", "seems", "unclear", "clarify", "compare", "comparison");

    private static final List<String> SUFFIXES = List.of("ations", "ation", "ators", "ator", "ating", "ated",
            "ates", "ate", "ings", "ing", "ed", "es", "s", "e");

    private Terms() {
    }

    static Set<String> of(String text) {
        Set<String> terms = new LinkedHashSet<>();
        Matcher word = WORD.matcher(COMMAND.matcher(text).replaceAll(" ").toLowerCase(Locale.ROOT));
        while (word.find()) {
            String term = stem(word.group());
            if (!COMMON.contains(word.group()) && !COMMON.contains(term)) {
                terms.add(term);
            }
        }
        return terms;
    }

    /** How many words of the text lie between the first and the last of the given terms (0 for fewer than two). */
    static int span(String text, Set<String> terms) {
        int first = -1;
        int last = -1;
        int position = 0;
        Matcher word = WORD.matcher(COMMAND.matcher(text).replaceAll(" ").toLowerCase(Locale.ROOT));
        while (word.find()) {
            if (terms.contains(stem(word.group()))) {
                first = first < 0 ? position : first;
                last = position;
            }
            position++;
        }
        return first < 0 ? 0 : last - first;
    }

    /** How many content words the two texts share. */
    static int shared(String a, String b) {
        Set<String> left = of(a);
        left.retainAll(of(b));
        return left.size();
    }

    /** Common endings off, so "experts" meets "expert" and "evaluation" meets "evaluate" (a light stemmer). */
    private static String stem(String word) {
        String w = word.endsWith("'s") ? word.substring(0, word.length() - 2) : word;
        if (w.length() > 4 && w.endsWith("ies")) {
            return w.substring(0, w.length() - 3) + "y";
        }
        for (String suffix : SUFFIXES) {
            if (w.endsWith(suffix) && w.length() - suffix.length() >= 4 && !w.endsWith("ss")) {
                return w.substring(0, w.length() - suffix.length());
            }
        }
        return w;
    }
}
