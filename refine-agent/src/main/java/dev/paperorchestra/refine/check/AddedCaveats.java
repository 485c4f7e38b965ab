package dev.paperorchestra.refine.check;

import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexParagraph;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.text.Prose;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Finds limitation and future-experiment statements a revision added. Reviewers reward a paper that admits
 * limitations and promises experiments, so a reviser can raise its score by writing them without changing
 * the science (SPEC.md step 5 calls this reward hacking). Statements the previous version already had are
 * not flagged: only the revision's own additions are.
 */
public final class AddedCaveats {

    /**
     * A flagged sentence.
     *
     * @param kind     {@code limitation} or {@code future work}
     * @param sentence the sentence as it reads in the revision (whitespace collapsed)
     */
    public record Statement(String kind, String sentence) {
    }

    static final String LIMITATION = "limitation";
    static final String FUTURE = "future work";

    private static final Pattern LIMITATION_PATTERN = Pattern.compile(String.join("|",
            "\\blimitations?\\b", "\\bdrawbacks?\\b", "\\bshortcomings?\\b", "\\bcaveats?\\b",
            "\\b(?:is|are|remains?) limited (?:to|by|in)\\b",
            "\\b(?:our|the proposed|this) (?:method|approach|work|model|framework|study) (?:does not|cannot|can ?not|"
                    + "fails to|is unable to|may not)\\b",
            "\\bwe (?:do|did) not (?:evaluate|consider|address|test|study|explore|examine)\\b"),
            Pattern.CASE_INSENSITIVE);

    private static final Pattern FUTURE_PATTERN = Pattern.compile(String.join("|",
            "\\bfuture (?:work|research|studies|experiments|directions?|investigations?)\\b",
            "\\bin (?:the )?future\\b",
            "\\bwe (?:will|plan to|intend to|hope to|aim to) (?:evaluate|explore|investigate|study|extend|test|"
                    + "conduct|run|include|add|address|examine)\\b",
            "\\b(?:leave|left|leaves) (?:\\w+ ){0,6}(?:for|to) (?:future|later)\\b",
            "\\bfurther (?:experiments|evaluation|studies|investigation|analysis) (?:is|are|will be) "
                    + "(?:needed|required|planned|necessary)\\b"),
            Pattern.CASE_INSENSITIVE);

    private AddedCaveats() {
    }

    /** Limitation and future-work statements of {@code revised} that {@code previous} did not contain. */
    public static List<Statement> find(String previous, String revised) {
        Set<String> before = new HashSet<>();
        for (String sentence : sentences(previous)) {
            before.add(key(sentence));
        }
        List<Statement> added = new ArrayList<>();
        for (String sentence : sentences(revised)) {
            if (before.contains(key(sentence))) {
                continue;
            }
            if (LIMITATION_PATTERN.matcher(sentence).find()) {
                added.add(new Statement(LIMITATION, sentence));
            } else if (FUTURE_PATTERN.matcher(sentence).find()) {
                added.add(new Statement(FUTURE, sentence));
            }
        }
        return added;
    }

    /**
     * The sentences of the document body as a reader sees them (comments, markup and floats left out), and its
     * headings, each as a sentence of its own (a new "Limitations" section is a caveat), in order.
     */
    static List<String> sentences(String tex) {
        TexDocument document = TexDocument.parse(tex);
        TexSpan body = new TexSpan(document.bodyStart(), document.bodyEnd());
        TreeMap<Integer, List<String>> byOffset = new TreeMap<>();
        for (TexSection section : document.sections()) {
            byOffset.computeIfAbsent(section.span().start(), at -> new ArrayList<>())
                    .add(TexDocument.plainText(section.title()));
        }
        for (TexParagraph paragraph : document.paragraphs(body)) {
            byOffset.computeIfAbsent(paragraph.span().start(), at -> new ArrayList<>())
                    .addAll(Prose.sentences(paragraph.text()));
        }
        List<String> sentences = new ArrayList<>();
        byOffset.values().forEach(sentences::addAll);
        sentences.removeIf(String::isBlank);
        return sentences;
    }

    private static String key(String sentence) {
        return sentence.toLowerCase(Locale.ROOT);
    }
}
