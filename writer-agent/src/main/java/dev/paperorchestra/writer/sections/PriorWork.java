package dev.paperorchestra.writer.sections;

import dev.paperorchestra.content.integrity.ContentGate;
import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.content.materials.MarkdownLines;
import dev.paperorchestra.content.materials.MarkdownText;
import dev.paperorchestra.content.materials.MarkdownText.Section;
import dev.paperorchestra.runtime.llm.ModelMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Related Work when no source was verified (offline without recorded scholar records, or a search that found
 * nothing): the section then cites nothing, and the literature draft holds only its plan's overview, a stub.
 * What the materials themselves say about earlier work is written instead: the idea's own statements about
 * existing approaches the paper does not already make elsewhere, and the approaches and datasets the log's
 * setup names, each with the log's own description. Never a citation, an author, a year or a work the
 * materials do not name; a comment line says that nothing was verified.
 */
final class PriorWork {

    static final String NO_SOURCES_LINE = "% " + ModelMode.OFFLINE_LABEL
            + "\n% No bibliographic source was verified for this paper, so this section cites nothing: it names "
            + "earlier work only as the materials describe it.";
    static final String NONE_HERE_LINE = "% " + ModelMode.OFFLINE_LABEL
            + "\n% None of the verified sources belongs to this section, so it cites nothing: it names earlier work "
            + "only as the materials describe it.";
    private static final Pattern SECTION = Pattern.compile("\\\\section\\*?\\{([^}]*)}");
    private static final Pattern BODY_END = Pattern.compile(
            "(?m)^[^%\\n]*?(\\\\section\\*?\\{|\\\\bibliographystyle|\\\\bibliography\\{|\\\\appendix|\\\\end\\{document})");
    /** A sentence of the idea that speaks of earlier work rather than of this work. */
    private static final Pattern ABOUT_EARLIER_WORK = Pattern.compile(
            "(?i)\\b(?:existing|prior|previous|earlier|conventional|off-the-shelf|state-of-the-art|traditional"
                    + "|classical|established|standard (?:methods?|approach(?:es)?|models?|practice|tools?)"
                    + "|(?:most|many|current|other|recent) (?:methods|approaches|models|studies|systems|tools|work"
                    + "|evaluations|analyses|classifiers|pipelines)|the literature|literature on|have been (?:proposed"
                    + "|studied|used)|(?:is|are) (?:commonly|typically|usually|widely) (?:used|applied|studied))\\b");
    /** Setup headings that list what the work is compared with. */
    private static final Pattern COMPARED = Pattern.compile(
            "(?i)(?:the\\s+)?(?:baselines?|comparisons?|compared (?:methods|approaches|models)|methods compared"
                    + "|competitors|competing methods|reference methods|prior methods|alternatives|estimators compared)");
    /** Setup headings that list the established datasets or benchmarks the work is evaluated on. */
    private static final Pattern DATASETS = Pattern.compile("(?i)^(?:datasets?|benchmarks?|corpora|data sets?)$");
    /** "Name: description", "Name - description", "Name (description)". */
    private static final Pattern NAMED = Pattern.compile("^(.{2,80}?)(:\\s|\\s[-–—]\\s|\\s\\()\\s*(.+)$");
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+(?=[A-Z])");
    private static final String[] NUMBERS = {"no", "one", "two", "three", "four", "five", "six", "seven", "eight",
            "nine", "ten"};

    private PriorWork() {
    }

    /** True when the section holds no citation: no source was verified for it. */
    static boolean citesNothing(String tex, String sectionTitle) {
        return body(tex, sectionTitle).map(body -> LatexReferences.citeKeys(body).isEmpty()).orElse(false);
    }

    /**
     * The section's new body (LaTeX), or empty when the materials say nothing about earlier work.
     *
     * @param tex the paper so far: what it already says is not said again
     */
    static Optional<String> compose(IdeaContent idea, String ideaMarkdown, String log, String tex,
            @Nullable String relatedTitle) {
        // the paper's words as one normalised string: a sentence it holds anywhere (after a list, in a
        // longer sentence) is already said
        String said = " " + normal(ContentGate.words(LatexReferences.withoutComments(withoutSection(tex, relatedTitle))))
                + " ";
        List<String> paragraphs = new ArrayList<>();
        List<String> statements = new ArrayList<>();
        for (String sentence : ideaSentences(ideaMarkdown)) {
            if (ABOUT_EARLIER_WORK.matcher(sentence).find() && !said.contains(" " + key(sentence) + " ")
                    && !statements.contains(sentence)) {
                statements.add(sentence);
            }
        }
        if (!statements.isEmpty()) {
            paragraphs.add(LatexText.markdown(Sentences.join(statements)));
        }
        String name = systemName(idea);
        for (Section section : setupSections(log)) {
            List<String> items = MarkdownText.bullets(section.body());
            if (items.isEmpty()) {
                continue;
            }
            List<String> described = items.stream().map(PriorWork::described).toList();
            String count = items.size() < NUMBERS.length ? NUMBERS[items.size()] : String.valueOf(items.size());
            if (COMPARED.matcher(section.title().strip().replaceFirst("[.:]+$", "")).matches()) {
                paragraphs.add(LatexText.markdown("The experiments compare " + name + " with " + count
                        + (items.size() == 1 ? " existing approach: " : " existing approaches: ")
                        + Sentences.series(described) + "."));
            } else {
                paragraphs.add(LatexText.markdown("The evaluation uses " + count + " established "
                        + (items.size() == 1 ? "dataset: " : "datasets: ") + Sentences.series(described) + "."));
            }
        }
        return paragraphs.isEmpty() ? Optional.empty()
                : Optional.of((LatexReferences.citeKeys(tex).isEmpty() ? NO_SOURCES_LINE : NONE_HERE_LINE) + "\n\n"
                        + String.join("\n\n", paragraphs));
    }

    /** "Spectrogram CNN (ResNet-18 on log-mel spectrograms, trained from scratch)": the name, then the first
     * sentence of the log's description of it. */
    private static String described(String item) {
        String text = MarkdownText.plain(item).strip().replaceFirst("[.;]+$", "");
        Matcher named = NAMED.matcher(text);
        if (!named.matches()) {
            return text;
        }
        String rest = named.group(3).strip();
        if (named.group(2).strip().equals("(")) {
            rest = rest.endsWith(")") ? rest.substring(0, rest.length() - 1) : rest;
        }
        String description = SENTENCE_END.split(rest)[0].replaceFirst("[.;]+$", "").strip();
        return description.isEmpty() ? named.group(1).strip()
                : named.group(1).strip() + " (" + Sentences.continuing(description) + ")";
    }

    /** The name the idea gives its method: a short title's part before the colon ("CallSieve: ..."). */
    static String systemName(IdeaContent idea) {
        String title = idea.title();
        if (title != null && title.contains(":")) {
            String head = title.substring(0, title.indexOf(':')).strip();
            if (!head.isEmpty() && head.split("\\s+").length <= 3) {
                return head;
            }
        }
        return "the proposed method";
    }

    /** The log's setup lists of compared approaches and of datasets, at any heading level. */
    private static List<Section> setupSections(String log) {
        List<Section> found = new ArrayList<>();
        for (Section section : MarkdownText.sections(log)) {
            String title = section.title().strip().replaceFirst("[.:]+$", "");
            // the setup's own list, by its usual names ("Baselines", "Comparisons"); a results heading such as
            // "Comparison with the baselines" holds observations, not the approaches
            boolean listsOthers = COMPARED.matcher(title).matches();
            if ((listsOthers || DATASETS.matcher(title).matches()) && !hasTable(section.body())) {
                found.add(section);
            }
        }
        return found;
    }

    private static boolean hasTable(String body) {
        return body.lines().anyMatch(MarkdownLines::isTableRow);
    }

    private static List<String> ideaSentences(String idea) {
        List<String> sentences = new ArrayList<>();
        for (Section section : MarkdownText.sections(idea)) {
            List<String> texts = new ArrayList<>(MarkdownText.paragraphs(section.body()));
            texts.addAll(MarkdownText.bullets(section.body()));
            for (String text : texts) {
                sentences.addAll(IdeaContent.sentences(MarkdownText.plain(text)));
            }
        }
        return sentences;
    }

    private static String key(String markdownSentence) {
        return normal(ContentGate.words(LatexText.markdown(markdownSentence)));
    }

    private static String normal(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 ]", " ").replaceAll("\\s+", " ").strip();
    }

    private static String withoutSection(String tex, @Nullable String title) {
        if (title == null) {
            return tex;
        }
        Optional<int[]> span = span(tex, title);
        return span.map(at -> tex.substring(0, at[0]) + tex.substring(at[1])).orElse(tex);
    }

    /** The document without the section: its heading and its body. */
    static String withoutSectionHeading(String tex, String title) {
        Matcher section = SECTION.matcher(tex);
        while (section.find()) {
            if (section.group(1).strip().equals(title.strip())) {
                int to = span(tex, title).map(at -> at[1]).orElse(section.end());
                return tex.substring(0, section.start()) + tex.substring(to);
            }
        }
        return tex;
    }

    static Optional<String> body(String tex, String title) {
        return span(tex, title).map(at -> tex.substring(at[0], at[1]));
    }

    /** Where the section's body starts and ends. */
    private static Optional<int[]> span(String tex, String title) {
        Matcher section = SECTION.matcher(tex);
        while (section.find()) {
            if (section.group(1).strip().equals(title.strip())) {
                Matcher end = BODY_END.matcher(tex);
                int to = end.find(section.end()) ? Math.max(section.end(), end.start()) : tex.length();
                return Optional.of(new int[] {section.end(), to});
            }
        }
        return Optional.empty();
    }
}
