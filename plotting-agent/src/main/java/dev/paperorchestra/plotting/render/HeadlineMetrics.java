package dev.paperorchestra.plotting.render;

import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.InlineText;
import dev.paperorchestra.model.markdown.MdBlock;
import dev.paperorchestra.model.markdown.MdSection;
import dev.paperorchestra.model.text.Prose;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The metrics the idea calls its results, so a chart plots those and not whatever column a log happens to mark.
 * The idea is read through the paper model: every sentence of its statements (paragraphs and list items) with the
 * heading it stands under. A header cell of a log table is a headline metric when the idea names it in a statement
 * about results (under a heading such as "Expected results" or "Contributions", or in a sentence that says
 * something improves, reduces or reaches a value): its name, read through emphasis and math
 * ({@code **AbsRel $\downarrow$**} is "AbsRel", {@code $\delta_1$} is "δ1"), without its unit ("RMSE (m)" is
 * "RMSE") or its setting ("RMSE @ 20 pts" is "RMSE"), occurs there as whole words; the first mention ranks first.
 * A column the header does not mark better-when-higher or -lower and whose values repeat (fewer distinct values
 * than half its rows, such as the "Points" of rows measured at 0 and at 200 points) is a setting the idea may
 * name in passing ("tens of points per image"), never a headline metric.
 *
 * @param statements the idea's statements in order, each normalised to lower-case words, and whether it is about
 *                   results
 */
public record HeadlineMetrics(List<Statement> statements) {

    /** None: the idea names no metric, or there is no idea (a chart falls back to the table's own marks). */
    public static final HeadlineMetrics NONE = new HeadlineMetrics(List.of());

    /** Heading words that put a section's statements about results. */
    private static final List<String> RESULT_HEADINGS = List.of("result", "contribution", "expect", "hypothes",
            "outcome", "evaluat", "headline", "finding", "claim", "success", "metric", "benchmark", "experiment");
    /** Words that make a sentence a claim about a result. */
    private static final List<String> RESULT_WORDS = List.of("improv", "reduc", "outperform", "lower", "higher",
            "better", "gain", "achiev", "reach", "surpass", "beat", "increas", "decreas", "boost", "best", "cut",
            "halv", "exceed");
    /** Shortest metric key, in letters and digits: a one-letter header names nothing searchable. */
    private static final int MIN_KEY = 2;
    /** Stands for the heading of the text before the first heading. */
    private static final MdBlock.Heading UNTITLED = new MdBlock.Heading(1, InlineText.EMPTY, MdBlock.Heading.Kind.ATX,
            1);

    /**
     * One statement of the idea.
     *
     * @param words   its words, normalised ({@link #words})
     * @param results true when it is about results
     */
    public record Statement(List<String> words, boolean results) {
        public Statement {
            words = List.copyOf(words);
        }
    }

    public HeadlineMetrics {
        statements = List.copyOf(statements);
    }

    /** The idea's statements as the model reads them; {@link #NONE} for an empty idea. */
    public static HeadlineMetrics of(String idea) {
        if (idea.isBlank()) {
            return NONE;
        }
        MarkdownDocument document = MarkdownDocument.parse(idea);
        List<Statement> statements = new ArrayList<>();
        add(statements, statementsOf(document.preface()), false);
        for (MdSection section : document.sections()) {
            boolean results = containsAny(Prose.normalised(section.title()), RESULT_HEADINGS);
            add(statements, statementsOf(section.ownBlocks()), results);
        }
        return new HeadlineMetrics(statements);
    }

    private static void add(List<Statement> statements, List<String> texts, boolean results) {
        for (String text : texts) {
            for (String sentence : Prose.sentences(text)) {
                String normal = Prose.normalised(sentence);
                statements.add(new Statement(words(sentence), results || containsAny(normal, RESULT_WORDS)));
            }
        }
    }

    /**
     * The columns among {@code candidates} whose header the idea names, best first: results mentions before other
     * mentions, then by first mention; empty when the idea names none of them.
     */
    public List<Integer> columns(MarkdownTable table, List<Integer> candidates) {
        record Ranked(int column, int rank) {
        }
        List<Ranked> ranked = new ArrayList<>();
        for (int column : candidates) {
            if (AxisLabels.direction(table.header().get(column)) == 0 && isSetting(table, column)) {
                continue;
            }
            rank(key(table.header().get(column))).ifPresent(rank -> ranked.add(new Ranked(column, rank)));
        }
        return ranked.stream().sorted(Comparator.comparingInt(Ranked::rank)).map(Ranked::column).toList();
    }

    /** Which results statement of the idea first names a metric; empty when none does. */
    Optional<Integer> rank(List<String> key) {
        if (String.join("", key).length() < MIN_KEY) {
            return Optional.empty();
        }
        for (int i = 0; i < statements.size(); i++) {
            Statement statement = statements.get(i);
            if (statement.results() && Collections.indexOfSubList(statement.words(), key) >= 0) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    /** A column whose values repeat: fewer distinct values than half its rows (rounded up). */
    static boolean isSetting(MarkdownTable table, int column) {
        long distinct = table.rows().stream().map(row -> row.get(column).strip()).distinct().count();
        return distinct < (table.rows().size() + 1) / 2;
    }

    /**
     * The words that name the metric of a header: its name as a chart prints it, without a trailing unit in
     * parentheses and without a setting after "@", "at" or a comma.
     */
    static List<String> key(String header) {
        String name = AxisLabels.name(header);
        int end = name.length();
        for (String cut : List.of(" @", "@", " at ", ",")) {
            int at = name.indexOf(cut);
            if (at > 0) {
                end = Math.min(end, at);
            }
        }
        name = name.substring(0, end).strip();
        if (name.endsWith(")") && name.lastIndexOf('(') > 0) {
            name = name.substring(0, name.lastIndexOf('(')).strip();
        }
        return words(name);
    }

    /**
     * Lower-case words of letters and digits, after Unicode compatibility folding so that the ways one metric is
     * written compare equal: δ₁ and δ1, 𝓛 and L.
     */
    static List<String> words(String text) {
        String normal = TableFinder.normalise(text);
        return normal.isEmpty() ? List.of() : List.of(normal.split(" "));
    }

    /** Whether a word of the normalised text starts with one of the stems ("improves" with "improv"). */
    private static boolean containsAny(String normal, List<String> stems) {
        for (String word : normal.split(" ")) {
            for (String stem : stems) {
                if (word.startsWith(stem)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Paragraphs and list items of some blocks, as the model reads them. */
    private static List<String> statementsOf(List<MdBlock> blocks) {
        return new MdSection(UNTITLED, blocks).statements();
    }
}
