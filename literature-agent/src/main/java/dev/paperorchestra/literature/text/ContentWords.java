package dev.paperorchestra.literature.text;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/** Content words of a text: lower-case word tokens without English stop-words and search boilerplate. */
public final class ContentWords {

    /** Function words, plus words every generated query carries and no title is about. */
    public static final Set<String> STOP_WORDS = Set.of(
            "a", "an", "the", "and", "or", "nor", "but", "of", "in", "on", "at", "to", "for", "from", "by",
            "with", "without", "within", "into", "onto", "over", "under", "about", "as", "is", "are", "was",
            "were", "be", "been", "being", "it", "its", "this", "that", "these", "those", "their", "there",
            "which", "who", "whom", "what", "when", "where", "how", "why", "we", "our", "you", "your", "they",
            "them", "he", "she", "his", "her", "not", "no", "do", "does", "did", "can", "could", "should",
            "would", "may", "might", "must", "will", "shall", "has", "have", "had", "such", "than", "then",
            "so", "if", "via", "vs", "versus", "also", "more", "most", "other", "some", "any", "each", "all",
            "both", "between", "across", "through", "toward", "towards", "using", "based", "upon", "while",
            "paper", "papers", "research", "report", "technical", "introducing", "introduces", "introduced",
            "work", "works", "find", "search", "recent", "etc");

    private ContentWords() {
    }

    /** Distinct content words in order of first appearance. */
    public static Set<String> of(String text) {
        Set<String> tokens = new LinkedHashSet<>();
        Arrays.stream(Titles.normalise(text).split(" "))
                .filter(word -> !word.isEmpty() && !STOP_WORDS.contains(word))
                .forEach(tokens::add);
        return tokens;
    }
}
