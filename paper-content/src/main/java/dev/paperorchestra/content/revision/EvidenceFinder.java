package dev.paperorchestra.content.revision;

import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.content.materials.MarkdownText;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexFloat;
import dev.paperorchestra.model.tex.TexParagraph;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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

    /** Sections whose sentences restate the claims rather than answer a point: they are searched last. */
    private static final Set<SectionRole> FRAMING = Set.of(SectionRole.INTRODUCTION, SectionRole.CONCLUSION,
            SectionRole.DISCUSSION);
    /**
     * Words by which a point asks for more than a table shows ("only reported for GPT-2 medium ... as well"): a
     * table the paper already has cannot answer it.
     */
    private static final Pattern BEYOND = Pattern.compile("(?i)(?<![\\p{L}])(as well|also (for|on)|beyond|other than"
            + "|only (reported|measured|shown|evaluated|given|run|tested|for|on)|stops? at|limited to|at least)"
            + "(?![\\p{L}])");
    /**
     * How specific a table's match with a point must be: the shared words weighted by their rarity in the paper, two
     * rare ones or three ordinary ones (a word half the paper's sentences use weighs about 0.7, one a single sentence
     * uses about 4).
     */
    private static double leastWeight(int shared) {
        return shared >= 3 ? 4.0 : 5.0;
    }

    private final RevisionMaterials materials;
    private final Set<String> paperTerms;
    private final Map<String, Integer> sentencesWith = new HashMap<>();
    private final int paperSentences;

    EvidenceFinder(RevisionMaterials materials) {
        this.materials = materials;
        this.paperTerms = Terms.of(materials.tex());
        List<String> sentences = latexSentences(materials.tex());
        sentences.forEach(sentence -> Terms.of(sentence).forEach(term -> sentencesWith.merge(term, 1, Integer::sum)));
        this.paperSentences = sentences.size();
    }

    /** How rare a word is in the paper: high for a word few of its sentences use, highest for one none does. */
    double weight(String term) {
        return Math.log((paperSentences + 1.0) / (sentencesWith.getOrDefault(term, 0) + 1.0));
    }

    private double weight(Set<String> terms) {
        return terms.stream().mapToDouble(this::weight).sum();
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


    /**
     * The numeric log table the point asks for: the one sharing the most specific words with it (each shared word
     * weighted by its rarity in the paper, so a table is not chosen for words the whole paper uses; see
     * {@link #leastWeight}); when the point names datasets or methods the paper lacks, only a table holding one of
     * them.
     */
    Optional<MarkdownTable> logTable(String point) {
        Set<String> names = distinctiveNames(point);
        Set<String> pointTerms = Terms.of(point);
        MarkdownTable best = null;
        double most = 0;
        for (MarkdownTable table : MarkdownTables.parse(materials.experimentalLog())) {
            if (!table.isNumeric()) {
                continue;
            }
            Set<String> shared = Terms.of(table.caption() + " " + String.join(" ", table.header()) + " "
                    + String.join(" ", table.rowLabels()));
            shared.retainAll(pointTerms);
            boolean named = names.isEmpty() || names.stream().anyMatch(shared::contains);
            double weight = weight(shared);
            if (named && shared.size() >= LEAST_SHARED && weight >= leastWeight(shared.size()) && weight > most) {
                best = table;
                most = weight;
            }
        }
        return Optional.ofNullable(best);
    }

    /** The point asks for more than what a table already in the paper shows ("as well", "beyond", "only for"). */
    static boolean asksBeyond(String point) {
        return BEYOND.matcher(point).find();
    }

    /** The names the point uses that neither the paper nor the log holds: a dataset or method nobody ran. */
    Set<String> unknownNames(String point) {
        Set<String> names = distinctiveNames(point);
        names.removeAll(Terms.of(materials.experimentalLog()));
        return names;
    }

    /**
     * Where the paper presents a log table it holds: the sentence referring to the float whose cells hold the table's
     * numbers, else that float's caption, else the sentence nearest the log table's caption.
     */
    Optional<Evidence> presenting(MarkdownTable table) {
        Set<BigDecimal> numbers = new LinkedHashSet<>();
        table.rows().forEach(row -> table.numericColumns().forEach(column -> numbers.addAll(Numbers.values(
                row.get(column)))));
        TexDocument paper = TexDocument.parse(materials.tex());
        for (TexFloat floating : paper.floats()) {
            if (!floating.isTable() || !Numbers.values(paper.text(floating.environment().span())).containsAll(numbers)) {
                continue;
            }
            if (!floating.labels().isEmpty()) {
                String reference = "{" + floating.labels().getFirst().lastText().strip() + "}";
                Optional<String> referring = latexSentences(materials.tex()).stream()
                        .filter(sentence -> sentence.contains("ref" + reference)).findFirst();
                if (referring.isPresent()) {
                    return referring.map(sentence -> new Evidence(Evidence.Source.PAPER, sentence));
                }
            }
            if (!floating.captions().isEmpty()) {
                return Optional.of(new Evidence(Evidence.Source.PAPER, floating.captions().getFirst().lastText().strip()));
            }
        }
        return best(table.caption(), body(), Evidence.Source.PAPER, false);
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

    /** The paper's sentence (in the section when given) sharing most words with the point. */
    Optional<Evidence> paperSentence(String point, String text) {
        return best(point, latexSentences(text), Evidence.Source.PAPER, false);
    }

    /**
     * Where the paper already answers the point: the sentence sharing most words with what the point asks (its
     * questions and requests, else all of it), looked for first in the sections that report (method, experiments),
     * then in those that frame the work (introduction, conclusion), whose sentences restate claims rather than answer.
     */
    Optional<Evidence> paperAnswer(String point) {
        String ask = PointKinds.ask(point);
        return best(ask, point, body(), Evidence.Source.PAPER, false)
                .or(() -> best(point, point, body(), Evidence.Source.PAPER, false))
                .or(() -> best(ask, point, framing(), Evidence.Source.PAPER, false));
    }

    /**
     * The log's or idea's sentence that says what the point asks and the paper does not say yet (at least two shared
     * words, one of them distinctive if asked).
     */
    Optional<Evidence> newFromMaterials(String point, boolean distinctiveWord) {
        List<String> log = sentences(materials.experimentalLog()).stream().filter(s -> !alreadyInPaper(s)).toList();
        List<String> idea = sentences(materials.idea()).stream().filter(s -> !alreadyInPaper(s)).toList();
        Optional<Evidence> fromLog = best(point, log, Evidence.Source.LOG, distinctiveWord);
        Optional<Evidence> fromIdea = best(point, idea, Evidence.Source.IDEA, distinctiveWord);
        if (fromLog.isEmpty() || fromIdea.isEmpty()) {
            return fromLog.isPresent() ? fromLog : fromIdea;
        }
        return Terms.shared(point, fromIdea.get().quote()) > Terms.shared(point, fromLog.get().quote()) ? fromIdea
                : fromLog;
    }

    /** The paper already holds the sentence's content words and numbers. */
    boolean alreadyInPaper(String sentence) {
        Set<String> terms = Terms.of(sentence);
        return !terms.isEmpty() && distinctive(sentence).isEmpty()
                && Numbers.values(materials.tex()).containsAll(Numbers.values(sentence));
    }

    private List<String> body() {
        return sections(false);
    }

    private List<String> framing() {
        return sections(true);
    }

    private List<String> sections(boolean framing) {
        List<String> sentences = new ArrayList<>();
        for (PaperSections.Section section : PaperSections.of(materials.tex())) {
            if (FRAMING.contains(SectionRole.of(section.title())) == framing) {
                sentences.addAll(latexSentences(section.body()));
            }
        }
        return sentences;
    }

    private Optional<Evidence> best(String point, List<String> sentences, Evidence.Source source,
            boolean distinctiveWord) {
        return best(point, point, sentences, source, distinctiveWord);
    }

    /**
     * The sentence sharing most words with the point. Of those sharing as many, the one sharing most with its context
     * (what the reviewer wrote around the question), then the one sharing rarer words, then the one where the shared
     * words stand closest together, then one that states numbers (it reports what was measured rather than what was
     * hoped).
     */
    private Optional<Evidence> best(String point, String context, List<String> sentences, Evidence.Source source,
            boolean distinctiveWord) {
        Set<String> distinctive = distinctiveWord ? distinctive(point) : Set.of();
        Set<String> pointTerms = Terms.of(point);
        Set<String> contextTerms = Terms.of(context);
        String best = null;
        Comparator<Match> order = Comparator.comparingInt(Match::shared).thenComparingInt(Match::context)
                .thenComparingDouble(Match::weight).thenComparingInt(Match::closeness).thenComparing(Match::measured);
        Match most = null;
        for (String sentence : sentences) {
            Set<String> terms = Terms.of(sentence);
            Set<String> shared = new LinkedHashSet<>(terms);
            shared.retainAll(pointTerms);
            terms.retainAll(contextTerms);
            boolean distinct = !distinctiveWord || distinctive.stream().anyMatch(shared::contains);
            Match match = new Match(shared.size(), terms.size(), -Terms.span(sentence, shared), weight(shared),
                    !Numbers.stated(sentence).isEmpty());
            if (distinct && shared.size() >= LEAST_SHARED && (best == null || order.compare(match, most) > 0)) {
                best = sentence;
                most = match;
            }
        }
        return Optional.ofNullable(best).map(sentence -> new Evidence(source, sentence));
    }

    /**
     * @param closeness minus the number of words the shared ones are spread over: "coherence memory (decay" is about
     *                  the decay of the coherence, "coherence rises ... since averaging" is not about its average
     */
    private record Match(int shared, int context, int closeness, double weight, boolean measured) {
    }

    /** Sentences of a Markdown file's prose and bullets (tables and headings are not sentences). */
    static List<String> sentences(String markdown) {
        List<String> sentences = new ArrayList<>();
        for (String item : PointSplitter.items(markdown)) {
            sentences.addAll(PointSplitter.sentences(MarkdownText.plain(item)));
        }
        return sentences;
    }

    /**
     * Sentences of LaTeX prose, exactly as written (comments, floats and commands-only lines left out, the latter
     * ending a paragraph; each list item is a paragraph of its own, and a paragraph's leading {@code \\paragraph{...}} or {@code \\item} is not part of
     * its first sentence).
     */
    static List<String> latexSentences(String tex) {
        TexDocument document = TexDocument.parse(tex);
        List<String> sentences = new ArrayList<>();
        for (TexParagraph paragraph : document.paragraphs(new TexSpan(0, tex.length()))) {
            String joined = Prose.oneLine(document.withoutComments(paragraph.span()));
            if (!joined.isEmpty() && !joined.startsWith("\\")) {
                sentences.addAll(PointSplitter.sentences(joined));
            }
        }
        return sentences;
    }
}
