package dev.paperorchestra.writer.sections;

import dev.paperorchestra.content.integrity.ContentGate;
import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdSection;
import dev.paperorchestra.model.markdown.MdTable;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.vocabulary.SectionRole;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.ModelMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Related Work from what the materials say about earlier work. When no source was verified (offline without
 * recorded scholar records, or a search that found nothing) the section cites nothing and the literature draft
 * holds only its plan's overview, a stub: it becomes the idea's own statements about existing approaches the
 * paper does not already make elsewhere, and the approaches the log compares (its setup's lists and its tables'
 * rows) and the datasets its setup names, each with the log's own description. When sources were verified, the
 * approaches the log compares that the section does not name yet are discussed too, each cited where a verified
 * work's title names it. Never an author, a year or a work the materials and the verified sources do not hold.
 */
final class PriorWork {

    static final String NO_SOURCES_LINE = "% " + ModelMode.OFFLINE_LABEL
            + "\n% No bibliographic source was verified for this paper, so this section cites nothing: it names "
            + "earlier work only as the materials describe it.";
    static final String NONE_HERE_LINE = "% " + ModelMode.OFFLINE_LABEL
            + "\n% None of the verified sources belongs to this section, so it cites nothing: it names earlier work "
            + "only as the materials describe it.";
    /** Words that mark a sentence as about earlier work rather than this work. */
    private static final Set<String> EARLIER = Set.of("existing", "prior", "previous", "earlier", "conventional",
            "traditional", "classical", "established");
    private static final List<String> EARLIER_PHRASES = List.of("off the shelf", "state of the art", "the literature",
            "literature on", "have been proposed", "have been studied", "have been used");
    private static final Set<String> QUANTIFIERS = Set.of("most", "many", "current", "other", "recent", "standard");
    private static final List<String> KINDS_OF_WORK = List.of("method", "approach", "model", "stud", "system",
            "tool", "work", "evaluation", "analys", "classifier", "pipeline", "practice");
    private static final Set<String> USUALLY = Set.of("commonly", "typically", "usually", "widely");
    /** Setup headings that list what the work is compared with, normalised. */
    private static final Set<String> COMPARED = Set.of("baseline", "baselines", "comparison", "comparisons",
            "compared methods", "compared approaches", "compared models", "methods compared", "competitors",
            "competing methods", "reference methods", "prior methods", "alternatives", "estimators compared");
    /** Setup headings that list the established datasets or benchmarks the work is evaluated on. */
    private static final Set<String> DATASETS = Set.of("dataset", "datasets", "benchmark", "benchmarks", "corpora",
            "data set", "data sets");
    /** Header words of a table's first column that names the compared methods. */
    private static final Set<String> METHOD_COLUMN = Set.of("method", "methods", "model", "models", "approach",
            "approaches", "system", "systems", "baseline", "baselines", "estimator", "algorithm", "classifier",
            "pipeline", "technique");
    /** At most this many words make an approach's name; a longer row label describes a variant. */
    private static final int NAME_WORDS = 4;
    /** How a setup item separates a name from its description. */
    private static final List<String> NAME_ENDS = List.of(": ", " - ", " – ", " — ", " (");
    private static final String[] NUMBERS = {"no", "one", "two", "three", "four", "five", "six", "seven", "eight",
            "nine", "ten"};

    private PriorWork() {
    }

    /** True when the section holds no citation: no source was verified for it. */
    static boolean citesNothing(TexDocument document, TexSection section) {
        return document.commands("cite", "citep", "citet", "citealp", "citealt", "parencite", "textcite",
                "autocite").stream().noneMatch(cite -> section.body().contains(cite.span()));
    }

    /**
     * The section's new body (LaTeX), or empty when the materials say nothing about earlier work.
     *
     * @param tex the paper so far: what it already says is not said again
     */
    static Optional<String> compose(IdeaContent idea, String ideaMarkdown, String log, String citationMap,
            String tex, String relatedTitle) {
        TexDocument document = TexDocument.parse(tex);
        Optional<TexSection> related = DraftSections.titled(document, relatedTitle);
        String said = " " + Prose.normalised(ContentGate.words(without(document, related))) + " ";
        List<String> paragraphs = new ArrayList<>();
        List<String> statements = new ArrayList<>();
        for (String sentence : ideaSentences(ideaMarkdown)) {
            if (aboutEarlierWork(sentence) && !said.contains(" " + key(sentence) + " ")
                    && !statements.contains(sentence)) {
                statements.add(sentence);
            }
        }
        if (!statements.isEmpty()) {
            paragraphs.add(MarkdownBlocks.readable(LatexText.markdown(Sentences.join(statements))));
        }
        String name = idea.name().orElse("the proposed method");
        List<String> listed = new ArrayList<>();
        for (MdSection section : setupSections(log)) {
            List<String> items = section.bullets();
            if (items.isEmpty()) {
                continue;
            }
            List<String> described = items.stream().map(PriorWork::described).toList();
            String count = count(items.size());
            if (COMPARED.contains(withoutArticle(section.title()))) {
                items.stream().map(PriorWork::nameOf).forEach(listed::add);
                paragraphs.add(LatexText.markdown("The experiments compare " + name + " with " + count
                        + (items.size() == 1 ? " existing approach: " : " existing approaches: ")
                        + Sentences.series(described) + "."));
            } else {
                paragraphs.add(LatexText.markdown("The evaluation uses " + count + " established "
                        + (items.size() == 1 ? "dataset: " : "datasets: ") + Sentences.series(described) + "."));
            }
        }
        String setup = String.join(" ", paragraphs);
        List<String> baselines = baselines(log, idea);
        List<String> rows = baselines.stream().filter(baseline -> !setup.contains(LatexText.text(baseline))).toList();
        Map<String, Work> works = works(citationMap);
        if (!rows.isEmpty()) {
            paragraphs.add(comparedParagraph(name, rows, works, !listed.isEmpty()));
        }
        // the approaches the setup's lists already named, with the verified works their titles name
        List<String> sources = baselines.stream().filter(baseline -> !rows.contains(baseline))
                .map(baseline -> cited(baseline, works)).filter(named -> named.contains("\\cite{")).toList();
        if (!sources.isEmpty()) {
            paragraphs.add("Of these, " + Sentences.series(sources) + (sources.size() == 1 ? " appears" : " appear")
                    + " among the verified sources.");
        }
        uncited(works, document, String.join(" ", paragraphs)).ifPresent(paragraphs::add);
        if (paragraphs.isEmpty()) {
            return Optional.empty();
        }
        String body = String.join("\n\n", paragraphs);
        boolean cites = body.contains("\\cite{");
        return Optional.of(cites ? body : (works.isEmpty() ? NO_SOURCES_LINE : NONE_HERE_LINE) + "\n\n" + body);
    }

    /**
     * The verified works the paper cites nowhere yet (a template without a Related Work of its own gave the
     * literature stage no place for them), by the search that found them: "On sparse depth completion, see [..]."
     */
    private static Optional<String> uncited(Map<String, Work> works, TexDocument document, String written) {
        java.util.Set<String> cited = new java.util.HashSet<>(document.citedKeys());
        Map<String, List<String>> byQuery = new LinkedHashMap<>();
        works.forEach((key, work) -> {
            if (!cited.contains(key) && !written.contains(key)) {
                byQuery.computeIfAbsent(work.query(), query -> new ArrayList<>()).add(key);
            }
        });
        List<String> sentences = new ArrayList<>();
        byQuery.forEach((query, keys) -> sentences.add(query.isBlank()
                ? "Further related studies include~\\cite{" + String.join(",", keys) + "}."
                : "On " + LatexText.text(query) + ", see~\\cite{" + String.join(",", keys) + "}."));
        return sentences.isEmpty() ? Optional.empty() : Optional.of(String.join(" ", sentences));
    }

    /** A verified work of citation_map.json: its title and the search that found it first. */
    private record Work(String title, String query) {
    }

    /**
     * A paragraph on the approaches the log compares that a Related Work citing verified sources does not name
     * yet, each cited where a verified work's title names it; empty when it names them all.
     */
    static Optional<String> compared(IdeaContent idea, String log, String citationMap, TexDocument document,
            TexSection related) {
        String body = document.plainText(related.body());
        List<String> missing = baselines(log, idea).stream().filter(baseline -> !body.contains(baseline)).toList();
        if (missing.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(comparedParagraph(idea.name().orElse("the proposed method"), missing, works(citationMap),
                false));
    }

    private static String comparedParagraph(String name, List<String> baselines, Map<String, Work> works,
            boolean further) {
        List<String> named = baselines.stream().map(baseline -> cited(baseline, works)).toList();
        return (further ? "The experiments also compare " : "The experiments compare ") + LatexText.text(name)
                + " with " + count(baselines.size()) + (baselines.size() == 1 ? " approach: " : " approaches: ")
                + Sentences.series(named) + ".";
    }

    /** An approach's name, cited where verified works' titles name it ("AdaBins~\\cite{bhat2021adabins}"). */
    private static String cited(String baseline, Map<String, Work> works) {
        List<String> keys = works.entrySet().stream().filter(work -> names(work.getValue().title(), baseline))
                .map(Map.Entry::getKey).limit(2).toList();
        return LatexText.text(baseline) + (keys.isEmpty() ? "" : "~\\cite{" + String.join(",", keys) + "}");
    }

    /**
     * The approaches the log's tables compare: the row labels of a table whose first column names methods (or
     * the column headers of a table that has a column per method), without the paper's own method, in order.
     */
    static List<String> baselines(String log, IdeaContent idea) {
        Set<String> found = new LinkedHashSet<>();
        for (MdTable table : MarkdownDocument.parse(log).tables()) {
            List<String> header = table.headerText();
            // an ablation's rows are variants of the paper's own method, not approaches it is compared with
            if (header.isEmpty() || (" " + Prose.normalised(table.caption())).contains(" ablation")) {
                continue;
            }
            if (METHOD_COLUMN.contains(Prose.normalised(header.getFirst()))) {
                table.rowLabels().forEach(label -> found.add(approach(label)));
            } else if (header.stream().skip(1).filter(cell -> idea.name().map(cell::contains).orElse(false))
                    .count() == 1) {
                // a column per method, the paper's own among them
                header.stream().skip(1).forEach(cell -> found.add(approach(cell)));
            }
        }
        String own = idea.name().orElse("\u0000");
        return found.stream().filter(label -> !label.isEmpty() && !label.contains(own)
                && Prose.wordCount(label) <= NAME_WORDS
                && label.chars().anyMatch(Character::isLetter) && !Set.of("ours", "our method", "proposed")
                        .contains(label.toLowerCase(Locale.ROOT))).toList();
    }

    /** A row label as the approach it names: "BTS (no points)" is BTS, "NeWCRFs + LS align" stays. */
    private static String approach(String label) {
        int bracket = label.indexOf(" (");
        return (bracket > 0 ? label.substring(0, bracket) : label).strip();
    }

    /** Whether a work's title names an approach: as a whole word, case as written. */
    private static boolean names(String title, String approach) {
        if (approach.length() < 3) {
            return false;
        }
        int at = title.indexOf(approach);
        while (at >= 0) {
            int end = at + approach.length();
            boolean start = at == 0 || !Character.isLetterOrDigit(title.charAt(at - 1));
            boolean stop = end >= title.length() || !Character.isLetterOrDigit(title.charAt(end));
            if (start && stop) {
                return true;
            }
            at = title.indexOf(approach, at + 1);
        }
        return false;
    }

    /** The verified works of citation_map.json by key. */
    private static Map<String, Work> works(String citationMap) {
        Map<String, Work> works = new LinkedHashMap<>();
        if (citationMap.isBlank()) {
            return works;
        }
        JsonNode keys = Json.mapper().readTree(citationMap).path("keys");
        for (Map.Entry<String, JsonNode> entry : keys.properties()) {
            JsonNode queries = entry.getValue().path("queries");
            works.put(entry.getKey(), new Work(entry.getValue().path("title").asString(""),
                    queries.isArray() && !queries.isEmpty() ? queries.get(0).asString("") : ""));
        }
        return works;
    }

    private static boolean aboutEarlierWork(String sentence) {
        String normal = " " + Prose.normalised(sentence) + " ";
        List<String> words = List.of(normal.strip().split(" "));
        if (words.stream().anyMatch(EARLIER::contains) || EARLIER_PHRASES.stream().anyMatch(phrase ->
                normal.contains(" " + phrase + " "))) {
            return true;
        }
        for (int i = 0; i + 1 < words.size(); i++) {
            String next = words.get(i + 1);
            if (QUANTIFIERS.contains(words.get(i)) && KINDS_OF_WORK.stream().anyMatch(next::startsWith)) {
                return true;
            }
            if ((words.get(i).equals("is") || words.get(i).equals("are")) && USUALLY.contains(next)
                    && i + 2 < words.size() && Set.of("used", "applied", "studied").contains(words.get(i + 2))) {
                return true;
            }
        }
        return false;
    }

    /** "Spectrogram CNN (ResNet-18 on log-mel spectrograms, trained from scratch)": the name, then the first
     * sentence of the log's description of it. */
    private static String described(String item) {
        String text = trimEnd(item.strip());
        for (String end : NAME_ENDS) {
            int at = text.indexOf(end);
            if (at < 2 || at > 80) {
                continue;
            }
            String name = text.substring(0, at).strip();
            String rest = text.substring(at + end.length()).strip();
            if (end.equals(" (") && rest.endsWith(")")) {
                rest = rest.substring(0, rest.length() - 1);
            }
            String description = trimEnd(Prose.sentences(rest).stream().findFirst().orElse(""));
            return description.isEmpty() ? name : name + " (" + Sentences.continuing(description) + ")";
        }
        return text;
    }

    private static String nameOf(String item) {
        String text = item.strip();
        int cut = text.length();
        for (String end : NAME_ENDS) {
            int at = text.indexOf(end);
            if (at >= 2 && at < cut) {
                cut = at;
            }
        }
        return text.substring(0, cut).strip();
    }

    private static String trimEnd(String text) {
        String out = text.strip();
        while (!out.isEmpty() && (out.endsWith(".") || out.endsWith(";"))) {
            out = out.substring(0, out.length() - 1).strip();
        }
        return out;
    }

    private static String count(int n) {
        return n < NUMBERS.length ? NUMBERS[n] : String.valueOf(n);
    }

    private static String withoutArticle(String title) {
        String normal = SectionRole.normalise(title);
        return normal.startsWith("the ") ? normal.substring(4) : normal;
    }

    /** The log's setup lists of compared approaches and of datasets, at any heading level. */
    private static List<MdSection> setupSections(String log) {
        List<MdSection> found = new ArrayList<>();
        for (MdSection section : MarkdownDocument.parse(log).sections()) {
            String title = withoutArticle(section.title());
            // the setup's own list, by its usual names ("Baselines", "Comparisons"); a results heading such as
            // "Comparison with the baselines" holds observations, not the approaches
            if ((COMPARED.contains(title) || DATASETS.contains(title)) && section.tables().isEmpty()) {
                found.add(section);
            }
        }
        return found;
    }

    private static List<String> ideaSentences(String idea) {
        List<String> sentences = new ArrayList<>();
        MarkdownDocument document = MarkdownDocument.parse(idea);
        document.paragraphBlocks().forEach(paragraph -> sentences.addAll(IdeaContent.sentences(
                paragraph.text().plainWithTexMath())));
        document.items().forEach(item -> sentences.addAll(IdeaContent.sentences(item.text().plainWithTexMath())));
        return sentences;
    }

    private static String key(String markdownSentence) {
        return Prose.normalised(ContentGate.words(LatexText.markdown(markdownSentence)));
    }

    /** The document's source without the section (its heading and body). */
    private static String without(TexDocument document, Optional<TexSection> section) {
        if (section.isEmpty()) {
            return document.source();
        }
        TexSpan span = section.get().span();
        return document.source().substring(0, span.start()) + document.source().substring(span.end());
    }
}
