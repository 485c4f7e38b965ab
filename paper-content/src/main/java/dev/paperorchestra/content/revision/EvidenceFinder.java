package dev.paperorchestra.content.revision;

import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.content.materials.MarkdownText;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds, by shared words, what in the paper and its materials a point is about: the log table it asks for, the
 * sentence of the log or idea that answers it, the paper's sentence it quarrels with. A point's distinctive words
 * are those the paper does not use ("AdaBins" in a paper that never names it): a log table answers a request for
 * a comparison only when it shares one of them, so a request to evaluate on a dataset nobody ran is never
 * answered with a table about another dataset.
 */
final class EvidenceFinder {

    private static final int LEAST_SHARED = 2;
    private static final Pattern NAME = Pattern.compile(
            "(?<![.?!]\\s)(?<!^)\\b(\\p{Lu}[\\p{L}\\d-]*\\p{Lu}[\\p{L}\\d-]*|(?<=\\p{Ll}[,;:]?\\s)\\p{Lu}[\\p{L}\\d-]+)");

    private final RevisionMaterials materials;
    private final Set<String> paperTerms;

    EvidenceFinder(RevisionMaterials materials) {
        this.materials = materials;
        this.paperTerms = Terms.of(materials.tex());
    }

    /** The words of the point the paper does not use. */
    Set<String> distinctive(String point) {
        Set<String> terms = Terms.of(point);
        terms.removeAll(paperTerms);
        return terms;
    }

    /**
     * The distinctive words written as names (an inner capital, or a capital not opening a sentence: "KITTI",
     * "AdaBins"): a dataset or method the paper never mentions, which no general word can stand in for.
     */
    Set<String> distinctiveNames(String point) {
        Set<String> distinctive = distinctive(point);
        Set<String> names = new LinkedHashSet<>();
        Matcher word = NAME.matcher(point);
        while (word.find()) {
            names.addAll(Terms.of(word.group(1)));
        }
        names.retainAll(distinctive);
        return names;
    }


    /** The numeric log table the point asks about: sharing a distinctive word, and most words overall. */
    Optional<MarkdownTable> logTable(String point) {
        Set<String> distinctive = distinctive(point);
        MarkdownTable best = null;
        int most = 0;
        for (MarkdownTable table : MarkdownTables.parse(materials.experimentalLog())) {
            if (!table.isNumeric()) {
                continue;
            }
            String words = table.caption() + " " + String.join(" ", table.header()) + " "
                    + String.join(" ", table.rowLabels());
            Set<String> tableTerms = Terms.of(words);
            boolean distinct = distinctive.stream().anyMatch(tableTerms::contains);
            int shared = Terms.shared(point, words);
            if (distinct && shared > most) {
                best = table;
                most = shared;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * A numeric log table already in the paper that shares at least two words with the point: a request whose words
     * the paper all uses may be for what it already reports.
     */
    Optional<MarkdownTable> reportedTable(String point) {
        MarkdownTable best = null;
        int most = LEAST_SHARED - 1;
        for (MarkdownTable table : MarkdownTables.parse(materials.experimentalLog())) {
            int shared = Terms.shared(point, table.caption() + " " + String.join(" ", table.header()) + " "
                    + String.join(" ", table.rowLabels()));
            if (table.isNumeric() && inPaper(table) && shared > most) {
                best = table;
                most = shared;
            }
        }
        return Optional.ofNullable(best);
    }

    /** True when every number of the table's numeric columns is already in the paper. */
    boolean inPaper(MarkdownTable table) {
        var paper = Numbers.values(materials.tex());
        for (List<String> row : table.rows()) {
            for (int column : table.numericColumns()) {
                var cell = Numbers.values(row.get(column));
                if (!paper.containsAll(cell)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The log's or idea's sentence sharing most words with the point (at least two, one distinctive if asked). */
    Optional<Evidence> materialsSentence(String point, boolean distinctiveWord) {
        Optional<Evidence> fromLog = best(point, sentences(materials.experimentalLog()), Evidence.Source.LOG,
                distinctiveWord);
        Optional<Evidence> fromIdea = best(point, sentences(materials.idea()), Evidence.Source.IDEA, distinctiveWord);
        if (fromLog.isEmpty()) {
            return fromIdea;
        }
        if (fromIdea.isEmpty()) {
            return fromLog;
        }
        return Terms.shared(point, fromIdea.get().quote()) > Terms.shared(point, fromLog.get().quote()) ? fromIdea
                : fromLog;
    }

    /** The paper's sentence (in the section when given) sharing most words with the point. */
    Optional<Evidence> paperSentence(String point, String text) {
        return best(point, latexSentences(text), Evidence.Source.PAPER, false);
    }

    private Optional<Evidence> best(String point, List<String> sentences, Evidence.Source source,
            boolean distinctiveWord) {
        Set<String> distinctive = distinctiveWord ? distinctive(point) : Set.of();
        String best = null;
        int most = LEAST_SHARED - 1;
        for (String sentence : sentences) {
            int shared = Terms.shared(point, sentence);
            boolean distinct = !distinctiveWord || distinctive.stream().anyMatch(Terms.of(sentence)::contains);
            if (distinct && shared > most) {
                best = sentence;
                most = shared;
            }
        }
        return Optional.ofNullable(best).map(sentence -> new Evidence(source, sentence));
    }

    /** Sentences of a Markdown file's prose and bullets (tables and headings are not sentences). */
    static List<String> sentences(String markdown) {
        List<String> sentences = new ArrayList<>();
        for (String item : PointSplitter.items(markdown)) {
            sentences.addAll(PointSplitter.sentences(MarkdownText.plain(item)));
        }
        return sentences;
    }

    /** Sentences of LaTeX prose, exactly as written (comments, floats and commands-only lines left out). */
    static List<String> latexSentences(String tex) {
        List<String> sentences = new ArrayList<>();
        String prose = tex.replaceAll("(?m)(?<!\\\\)%.*$", "")
                .replaceAll("(?s)\\\\begin\\{(table|figure|equation|align)\\*?}.*?\\\\end\\{\\1\\*?}", "\n\n");
        for (String paragraph : prose.split("\\n\\s*\\n")) {
            String joined = paragraph.strip().replaceAll("\\s*\\n\\s*", " ");
            if (!joined.isEmpty() && !joined.startsWith("\\")) {
                sentences.addAll(PointSplitter.sentences(joined));
            }
        }
        return sentences;
    }
}
