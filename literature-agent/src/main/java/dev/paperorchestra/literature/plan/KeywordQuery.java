package dev.paperorchestra.literature.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The key phrases of an outline query, for keyword engines (OpenAlex, Semantic Scholar search). Outline queries
 * are written for a model ("Find the papers that introduced BERT, RoBERTa and KITTI and the closest work
 * building on them, published before 2024-11-01"); a keyword engine given that sentence matches its filler
 * words. What is kept: the named things (method names, datasets, tasks), each a short phrase. What is dropped:
 * the instruction, dates, and phrases made only of generic words ("Validation Set", "Null Set Performance":
 * table captions that reached the outline are no research topic).
 */
public final class KeywordQuery {

    /** Most phrases one query carries; a longer OR query only dilutes the ranking. */
    static final int MAX_PHRASES = 4;
    private static final int MAX_WORDS = 6;
    private static final Pattern INSTRUCTION = Pattern.compile("(?i)^\\s*(find|search for|look for|identify|list)"
            + "\\s+(the\\s+)?((recent|key|seminal|closest)\\s+)*(technical\\s+)?(papers?|works?|publications?|studies|"
            + "benchmarks and evaluation protocols|benchmarks|methods|approaches)\\s+"
            + "(that\\s+(introduced|proposed|defined|addressed)|used for|on|about|addressing|introducing|of)?\\s*");
    private static final Pattern TAIL = Pattern.compile("(?i)(,?\\s*published\\s+(before|after|since|in)\\s+[\\w-]+"
            + "|\\s+and\\s+the\\s+closest\\s+work\\s+building\\s+on\\s+(them|it)|\\s*\\(.*?\\))");
    private static final Pattern SEPARATORS = Pattern.compile("\\s*(,|;|\\band\\b|\\bor\\b|\\bvs\\.?|\\bversus\\b)\\s*",
            Pattern.CASE_INSENSITIVE);
    private static final Set<String> GENERIC = Set.of("a", "an", "the", "of", "on", "for", "in", "with", "to", "by",
            "set", "sets", "split", "performance", "results", "result", "validation", "test", "testing", "train",
            "training", "null", "table", "ablation", "comparison", "main", "overall", "evaluation", "experiment",
            "experiments", "setup", "analysis", "study", "summary", "metrics", "scores", "score", "baseline",
            "baselines", "our", "method", "methods", "recent", "work", "papers", "paper", "approach", "approaches",
            "closest", "building", "them", "published", "before", "survey", "applications", "foundations");

    private KeywordQuery() {
    }

    /** The key phrases of a query, in order, distinct (case-insensitive), at most {@value #MAX_PHRASES}. */
    public static List<String> phrases(String query) {
        String core = TAIL.matcher(INSTRUCTION.matcher(query.strip()).replaceFirst("")).replaceAll("")
                .replaceAll("[.!?]+\\s*$", "").strip();
        Map<String, String> phrases = new LinkedHashMap<>();
        for (String part : SEPARATORS.split(core)) {
            String phrase = trimGeneric(part.replaceAll("[\"'“”‘’]", "").strip());
            if (!phrase.isEmpty() && phrases.size() < MAX_PHRASES) {
                phrases.putIfAbsent(phrase.toLowerCase(Locale.ROOT), phrase);
            }
        }
        return List.copyOf(phrases.values());
    }

    /**
     * A boolean keyword query over the phrases in OpenAlex's syntax: {@code "phrase one" OR "phrase two"}; a
     * single phrase goes unquoted; empty when nothing is left.
     */
    public static String booleanOr(String query) {
        return joined(query, " OR ");
    }

    /**
     * The same query in the syntax of Semantic Scholar's bulk search, which reads {@code |} as "or" (a bare
     * {@code OR} would be one more required word): {@code "phrase one" | "phrase two"}.
     */
    public static String s2Bulk(String query) {
        return joined(query, " | ");
    }

    private static String joined(String query, String or) {
        List<String> phrases = phrases(query);
        if (phrases.size() == 1) {
            return phrases.getFirst();
        }
        return phrases.stream().map(phrase -> phrase.contains(" ") ? "\"" + phrase + "\"" : phrase)
                .collect(Collectors.joining(or));
    }

    /** The phrase without leading/trailing generic words, at most {@value #MAX_WORDS} words; empty if all generic. */
    private static String trimGeneric(String phrase) {
        List<String> words = new ArrayList<>(List.of(phrase.split("\\s+")));
        while (!words.isEmpty() && isGeneric(words.getFirst())) {
            words.removeFirst();
        }
        while (!words.isEmpty() && isGeneric(words.getLast())) {
            words.removeLast();
        }
        if (words.stream().allMatch(KeywordQuery::isGeneric)) {
            return "";
        }
        return String.join(" ", words.subList(0, Math.min(words.size(), MAX_WORDS)));
    }

    private static boolean isGeneric(String word) {
        return word.isBlank() || GENERIC.contains(word.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]", ""));
    }
}
