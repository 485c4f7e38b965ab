package dev.paperorchestra.literature.plan;

import dev.paperorchestra.model.text.Prose;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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
    /** Verbs an instruction starts with ("Find the papers that introduced ..."), one or two words. */
    private static final List<List<String>> VERBS = List.of(List.of("find"), List.of("identify"), List.of("list"),
            List.of("search", "for"), List.of("look", "for"));
    /** Words that qualify what to find ("the recent technical work"). */
    private static final Set<String> QUALIFIERS = Set.of("the", "recent", "key", "seminal", "closest", "technical");
    /** What an instruction asks to find, before the topic. */
    private static final List<List<String>> OBJECTS = List.of(
            List.of("benchmarks", "and", "evaluation", "protocols"), List.of("paper"), List.of("papers"),
            List.of("work"), List.of("works"), List.of("publication"), List.of("publications"), List.of("studies"),
            List.of("benchmarks"), List.of("methods"), List.of("approaches"));
    /** What links the object to the topic ("that introduced", "on"). */
    private static final List<List<String>> LINKS = List.of(List.of("that", "introduced"), List.of("that", "proposed"),
            List.of("that", "defined"), List.of("that", "addressed"), List.of("used", "for"), List.of("on"),
            List.of("about"), List.of("addressing"), List.of("introducing"), List.of("of"));
    /** Tails a planner adds that are no topic. */
    private static final List<List<String>> TAILS = List.of(
            List.of("and", "the", "closest", "work", "building", "on", "them"),
            List.of("and", "the", "closest", "work", "building", "on", "it"));
    /** "published before 2024-11-01": the word after is the date. */
    private static final Set<String> DATE_WORDS = Set.of("before", "after", "since", "in");
    /** Words that separate the phrases of a query. */
    private static final Set<String> SEPARATORS = Set.of("and", "or", "vs", "vs.", "versus");
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
        List<String> words = withoutTails(withoutInstruction(words(withoutAsides(query))));
        Map<String, String> phrases = new LinkedHashMap<>();
        for (List<String> part : split(words)) {
            String phrase = trimGeneric(part);
            if (!phrase.isEmpty() && phrases.size() < MAX_PHRASES) {
                phrases.putIfAbsent(phrase.toLowerCase(Locale.ROOT), phrase);
            }
        }
        return List.copyOf(phrases.values());
    }

    /** The words of a query, quotes and a closing full stop gone; a comma or semicolon is a word of its own. */
    private static List<String> words(String query) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < query.length(); i++) {
            char c = query.charAt(i);
            if (Character.isWhitespace(c) || c == ',' || c == ';') {
                add(words, word);
                if (c == ',' || c == ';') {
                    words.add(String.valueOf(c));
                }
            } else if ("\"'“”‘’".indexOf(c) < 0) {
                word.append(c);
            }
        }
        add(words, word);
        if (!words.isEmpty()) {
            String last = words.getLast();
            int end = last.length();
            while (end > 0 && ".!?".indexOf(last.charAt(end - 1)) >= 0) {
                end--;
            }
            if (end == 0) {
                words.removeLast();
            } else {
                words.set(words.size() - 1, last.substring(0, end));
            }
        }
        return words;
    }

    private static void add(List<String> words, StringBuilder word) {
        if (!word.isEmpty()) {
            words.add(word.toString());
            word.setLength(0);
        }
    }

    /** The query without what stands in parentheses. */
    private static String withoutAsides(String query) {
        StringBuilder out = new StringBuilder(query.length());
        int depth = 0;
        for (int i = 0; i < query.length(); i++) {
            char c = query.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && depth > 0) {
                depth--;
                out.append(' ');
            } else if (depth == 0) {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The words after "Find the recent technical papers that introduced", when the query starts so. */
    private static List<String> withoutInstruction(List<String> words) {
        int at = match(words, 0, VERBS);
        if (at < 0) {
            return words;
        }
        while (at < words.size() && QUALIFIERS.contains(lower(words.get(at)))) {
            at++;
        }
        at = match(words, at, OBJECTS);
        if (at < 0) {
            return words;
        }
        int linked = match(words, at, LINKS);
        return words.subList(linked < 0 ? at : linked, words.size());
    }

    /** The words without "published before 2024-11-01" and "and the closest work building on them". */
    private static List<String> withoutTails(List<String> words) {
        List<String> kept = new ArrayList<>();
        int i = 0;
        while (i < words.size()) {
            int tail = match(words, i, TAILS);
            if (tail >= 0) {
                i = tail;
            } else if (lower(words.get(i)).equals("published") && i + 1 < words.size()
                    && DATE_WORDS.contains(lower(words.get(i + 1)))) {
                if (!kept.isEmpty() && kept.getLast().equals(",")) {
                    kept.removeLast();
                }
                i = Math.min(words.size(), i + 3);
            } else {
                kept.add(words.get(i++));
            }
        }
        return kept;
    }

    /** The index after the first of the word sequences that the words hold at {@code from}, or -1. */
    private static int match(List<String> words, int from, List<List<String>> sequences) {
        for (List<String> sequence : sequences) {
            if (from + sequence.size() > words.size()) {
                continue;
            }
            boolean all = true;
            for (int k = 0; k < sequence.size() && all; k++) {
                all = lower(words.get(from + k)).equals(sequence.get(k));
            }
            if (all) {
                return from + sequence.size();
            }
        }
        return -1;
    }

    /** The words cut at commas, semicolons and "and", "or", "vs", "versus". */
    private static List<List<String>> split(List<String> words) {
        List<List<String>> parts = new ArrayList<>();
        List<String> part = new ArrayList<>();
        for (String word : words) {
            if (word.equals(",") || word.equals(";") || SEPARATORS.contains(lower(word))) {
                parts.add(part);
                part = new ArrayList<>();
            } else {
                part.add(word);
            }
        }
        parts.add(part);
        return parts;
    }

    private static String lower(String word) {
        return word.toLowerCase(Locale.ROOT);
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
    private static String trimGeneric(List<String> phrase) {
        List<String> words = new ArrayList<>(phrase);
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
        return word.isBlank() || GENERIC.contains(Prose.normalised(word).replace(" ", ""));
    }
}
