package dev.paperorchestra.content.integrity;

import dev.paperorchestra.content.materials.CitationMarkers;
import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdBlock.Heading;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexParagraph;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.vocabulary.AbstractBounds;
import dev.paperorchestra.model.vocabulary.PreprintIds;
import dev.paperorchestra.model.vocabulary.UnfilledSection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Content: the paper is a paper, not the materials or the template showing through. Its title and abstract
 * are its own (no template placeholder, no heading of the materials, an abstract within {@link
 * AbstractBounds#ACCEPTED}); no section is empty or a stub; no materials file name, local path, preprint or JATS
 * identifier ({@link PreprintIds}) or ground-truth count is printed; no sentence is written twice, and none of the
 * abstract's sentences again in the body; no citation marker without a reference ("[1]" outside a {@code \cite},
 * "interactions7, 8"); no materials note heading as a section; no paragraph runs longer than a page; no caption
 * only repeats its label or says it comes "from the experimental log".
 */
public final class ContentGate {

    /** Fewest words of a section (subsections included) that is more than a stub. */
    public static final int SECTION_MIN_WORDS = 40;
    /**
     * The rule of a required section the materials cannot fill ({@link UnfilledSection}): the paper is incomplete
     * for a cause in its inputs, which the finding names, not for a fault of the writer.
     */
    public static final String UNFILLED = "section.unfilled";
    /** About a page of a two-column 10pt paper; a paragraph past it is a pasted block, not prose. */
    public static final int PARAGRAPH_MAX_WORDS = 650;
    /** Sentences shorter than this may repeat (a short claim restated); longer ones may not. */
    private static final int REPEATED_SENTENCE_MIN_WORDS = 8;
    /** A body sentence longer than an abstract sentence by this much may carry it inside ("In short, ..."). */
    private static final int CARRIED_SENTENCE_MIN_WORDS = REPEATED_SENTENCE_MIN_WORDS + 4;

    /** Words a template's stand-in title is made of. */
    private static final Set<String> PLACEHOLDER_WORDS = Set.of("title", "untitled", "placeholder", "insert",
            "todo", "tbd");
    private static final List<String> PLACEHOLDER_PHRASES = List.of("lorem ipsum", "formatting instructions",
            "author guidelines", "instructions for");
    /** How the materials label their own parts; a title starting so (alone or before a colon) is a heading copied. */
    private static final List<String> MATERIALS_LABELS = List.of("idea summary", "working title", "target venue",
            "research idea", "experimental log", "core idea", "idea");
    private static final List<String> ABSTRACT_PLACEHOLDERS = List.of("lorem ipsum", "abstract goes here",
            "your abstract", "the abstract should", "the abstract must", "insert abstract", "insert the abstract");
    /** The materials' own note headings, which a paper's section is never called. */
    private static final Set<String> NOTES_HEADINGS = Set.of("core question", "core idea", "method in brief",
            "key results", "notes", "raw notes", "idea summary", "working title", "target venue", "research idea",
            "experimental log", "open questions", "todo");
    /** What a caption that only repeats its label holds besides numbers. */
    private static final Set<String> LABEL_WORDS = Set.of("table", "figure", "fig", "tab");

    // what the materials leave when printed: file names, paths and phrases, not LaTeX structure
    private static final Pattern MATERIALS_FILE = Pattern.compile(
            "(?i)\\b(?:idea|experimental[_\\\\ -]*log|conference[_\\\\ -]*guidelines|scholar[_\\\\ -]*records)"
                    + "\\.(?:md|json)\\b|\\btemplate\\.tex\\b|\\bjob\\.json\\b");
    private static final Pattern LOCAL_PATH = Pattern.compile(
            "(?<![\\w/.:])(?:/(?:home|tmp|Users|mnt|var|root|work)/[\\w./-]+|[A-Z]:\\\\\\\\[\\w\\\\.]+)");
    private static final Pattern GROUND_TRUTH_COUNT = Pattern.compile(
            "(?i)\\bfigures?\\s*:\\s*\\d+\\s*[.,;]?\\s*tables?\\s*:\\s*\\d+");
    /** How a chart's caption used to name its source; the paper's reader has no "experimental log". */
    private static final Pattern FROM_MATERIALS = Pattern.compile(
            "(?i)\\(\\s*(?:data\\s+|numbers\\s+)?(?:taken\\s+)?from\\s+the\\s+(?:experimental[\\s~]+log"
                    + "|idea[\\s~]+description|materials|log)\\s*\\)");

    private ContentGate() {
    }

    /**
     * @param ideaAndLog the idea and the experimental log, whose headings must not become the title
     */
    public static GateResult check(String tex, String ideaAndLog) {
        PaperText paper = new PaperText(tex);
        List<Finding> findings = new ArrayList<>();
        title(paper, headings(ideaAndLog), findings);
        abstractText(paper, findings);
        sections(paper, findings);
        notesHeadings(paper, findings);
        TexSpan body = new TexSpan(paper.bodyStart(), Math.max(paper.bodyStart(), paper.referencesStart()));
        leaks(paper, body, findings);
        citationMarkers(paper, body, findings);
        prose(paper, body, findings);
        captions(paper, findings);
        return new GateResult(Gate.CONTENT, 13, findings);
    }

    /** True for an empty title or one that is a template's stand-in text rather than a paper's title. */
    public static boolean isPlaceholderTitle(String titleLatex) {
        String normal = " " + Prose.normalised(words(titleLatex)) + " ";
        if (normal.isBlank()) {
            return true;
        }
        for (String word : normal.strip().split(" ")) {
            if (PLACEHOLDER_WORDS.contains(word) || word.length() >= 3 && word.chars().allMatch(c -> c == 'x')) {
                return true;
            }
        }
        return PLACEHOLDER_PHRASES.stream().anyMatch(phrase -> normal.contains(" " + phrase + " "));
    }

    /** The readable words of a LaTeX fragment ({@link TexDocument#plainText}), on one line. */
    public static String words(String latex) {
        return String.join(" ", TexDocument.plainText(latex).split("\\s+")).strip();
    }

    private static void title(PaperText paper, Set<String> headings, List<Finding> findings) {
        Optional<TexCommand> title = paper.document.title();
        if (title.isEmpty()) {
            findings.add(Finding.of(Gate.CONTENT, "title.missing", "paper.tex has no \\title"));
            return;
        }
        String words = words(title.get().lastText());
        int at = title.get().start();
        if (isPlaceholderTitle(words)) {
            findings.add(paper.at(Gate.CONTENT, "title.placeholder", at, "the title \"" + words
                    + "\" is the template's placeholder, not the paper's title"));
        } else if (startsWithMaterialsLabel(words) || headings.contains(Prose.normalised(words))) {
            findings.add(paper.at(Gate.CONTENT, "title.materials-heading", at, "the title \"" + words
                    + "\" is a heading of the materials, not the paper's title"));
        }
    }

    private static boolean startsWithMaterialsLabel(String words) {
        String lower = words.toLowerCase(Locale.ROOT).strip();
        for (String label : MATERIALS_LABELS) {
            if (lower.startsWith(label)) {
                String rest = lower.substring(label.length()).strip();
                if (rest.isEmpty() || rest.startsWith(":")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static void abstractText(PaperText paper, List<Finding> findings) {
        Optional<TexSpan> content = paper.document.abstractContent();
        if (content.isEmpty()) {
            findings.add(Finding.of(Gate.CONTENT, "abstract.missing", "paper.tex has no abstract"));
            return;
        }
        String words = paper.document.plainText(content.get());
        int count = Prose.wordCount(words);
        String normal = " " + Prose.normalised(words) + " ";
        if (ABSTRACT_PLACEHOLDERS.stream().anyMatch(phrase -> normal.contains(" " + phrase + " "))) {
            findings.add(paper.at(Gate.CONTENT, "abstract.placeholder", content.get().start(),
                    "the abstract is the template's placeholder text"));
        } else if (!AbstractBounds.ACCEPTED.admits(count)) {
            findings.add(paper.at(Gate.CONTENT, "abstract.length", content.get().start(), "the abstract has "
                    + count + " words; an abstract has " + AbstractBounds.ACCEPTED));
        }
    }

    private static void sections(PaperText paper, List<Finding> findings) {
        int appendix = paper.appendixStart();
        int end = appendix >= 0 ? appendix : paper.referencesStart();
        for (TexSection section : paper.document.sections()) {
            int start = section.span().start();
            if (section.level() != 1 || start < paper.bodyStart() || start >= end) {
                continue;
            }
            TexSpan body = new TexSpan(section.body().start(), Math.max(section.body().start(),
                    Math.min(section.body().end(), end)));
            // a figure or table alone does not make a section
            int words = paper.document.paragraphs(body).stream().mapToInt(p -> Prose.wordCount(p.text())).sum();
            if (words < SECTION_MIN_WORDS) {
                String state = "section \"" + words(section.title()) + "\" is " + (words == 0 ? "empty"
                        : "a stub of " + words + " words") + " (line " + paper.line(start) + ")";
                // a section the writer kept though the materials cannot fill it says why: that cause is the finding
                Optional<String> cause = UnfilledSection.reason(paper.document, body);
                findings.add(cause.isPresent()
                        ? paper.at(Gate.CONTENT, UNFILLED, start, state + ": " + cause.get())
                        : paper.at(Gate.CONTENT, words == 0 ? "section.empty" : "section.stub", start, state));
            }
        }
    }

    /** A section titled like the materials' notes ("Key results", "Method in brief"). */
    private static void notesHeadings(PaperText paper, List<Finding> findings) {
        for (TexSection section : paper.document.sections()) {
            String title = words(section.title());
            while (title.endsWith(":") || title.endsWith(".")) {
                title = title.substring(0, title.length() - 1).strip();
            }
            if (NOTES_HEADINGS.contains(Prose.normalised(title))) {
                int at = section.span().start();
                findings.add(paper.at(Gate.CONTENT, "section.notes-heading", at, "the " + section.heading().name()
                        + " \"" + title + "\" is a heading of the materials' notes, not of a paper (line "
                        + paper.line(at) + ")"));
            }
        }
    }

    private static void leaks(PaperText paper, TexSpan body, List<Finding> findings) {
        String text = paper.withoutComments().toString();
        leak(paper, text, body, MATERIALS_FILE, "leak.materials-file", "a materials file name", findings);
        leak(paper, text, body, LOCAL_PATH, "leak.local-path", "a local path", findings);
        List<PreprintIds.Found> ids = PreprintIds.find(body.of(text));
        if (!ids.isEmpty()) {
            PreprintIds.Found first = ids.getFirst();
            int at = body.start() + first.start();
            findings.add(paper.at(Gate.CONTENT, "leak.preprint-id", at, "the paper prints " + (ids.size() == 1
                    ? "a JATS/bioRxiv identifier" : ids.size() + " JATS/bioRxiv identifiers, the first") + ", \""
                    + PaperText.abbreviate(first.text().strip()) + "\" (line " + paper.line(at) + ")"));
        }
        leak(paper, text, body, GROUND_TRUTH_COUNT, "leak.ground-truth-count", "a ground-truth count of the materials",
                findings);
        leak(paper, text, body, FROM_MATERIALS, "leak.from-materials",
                "where its numbers come from in the materials' words", findings);
    }

    private static void leak(PaperText paper, String text, TexSpan body, Pattern pattern, String rule, String what,
            List<Finding> findings) {
        Matcher matcher = pattern.matcher(text).region(body.start(), body.end());
        if (matcher.find()) {
            findings.add(paper.at(Gate.CONTENT, rule, matcher.start(), "the paper prints " + what + ", \""
                    + matcher.group().strip() + "\" (line " + paper.line(matcher.start()) + ")"));
        }
    }

    /** "[1]" or "cells7, 8" in the text: a numbered citation of a list the paper does not have. */
    private static void citationMarkers(PaperText paper, TexSpan body, List<Finding> findings) {
        // math and commands with their optional arguments (\\[2pt], \cite[p.~4]{k}) blanked, offsets kept
        StringBuilder masked = paper.withoutComments();
        PaperText.blank(masked, 0, body.start());
        PaperText.blank(masked, body.end(), masked.length());
        paper.document.mathSpans().forEach(span -> PaperText.blank(masked, span));
        TexMasks.blankCommandNames(paper.document, masked);
        String prose = masked.toString();
        boolean flattened = CitationMarkers.showsFlattenedList(prose);
        List<String> quoted = new ArrayList<>();
        int first = -1;
        int lineStart = 0;
        for (String line : prose.split("\n", -1)) {
            for (CitationMarkers.Marker marker : CitationMarkers.find(line, flattened)) {
                first = first < 0 ? lineStart + marker.start() : first;
                quoted.add(marker.text());
            }
            lineStart += line.length() + 1;
        }
        for (TexCommand superscript : paper.document.commands("textsuperscript")) {
            if (body.contains(superscript.start()) && isNumberList(superscript.lastText())) {
                first = first < 0 ? superscript.start() : Math.min(first, superscript.start());
                quoted.add(paper.document.text(superscript.span()));
            }
        }
        if (!quoted.isEmpty()) {
            findings.add(paper.at(Gate.CONTENT, "citation.marker", first, "the paper prints " + (quoted.size() == 1
                    ? "a citation marker" : quoted.size() + " citation markers") + " without a reference, \""
                    + PaperText.abbreviate(String.join("\", \"", quoted.subList(0, Math.min(3, quoted.size()))))
                    + "\" (line " + paper.line(first) + "); cite with \\cite or drop them"));
        }
    }

    /** "3,4", "2--5", "1, 2, 7": two or more numbers and nothing but separators between them. */
    private static boolean isNumberList(String text) {
        int numbers = 0;
        boolean inNumber = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isDigit(c)) {
                numbers += inNumber ? 0 : 1;
                inNumber = true;
            } else if (c == ',' || c == '-' || c == '–' || Character.isWhitespace(c)) {
                inNumber = false;
            } else {
                return false;
            }
        }
        return numbers >= 2;
    }

    private static void prose(PaperText paper, TexSpan body, List<Finding> findings) {
        TexDocument document = paper.document;
        // the abstract may restate the paper: its sentences are compared with the body, not with each other
        Optional<TexSpan> abstractSpan = document.abstractContent();
        Set<String> abstractSentences = new LinkedHashSet<>();
        abstractSpan.ifPresent(span -> {
            for (String sentence : Prose.sentences(document.plainText(span))) {
                String key = Prose.normalised(sentence);
                if (Prose.wordCount(key) >= REPEATED_SENTENCE_MIN_WORDS) {
                    abstractSentences.add(key);
                }
            }
        });
        Map<String, Integer> seen = new HashMap<>();
        Set<String> reported = new LinkedHashSet<>();
        for (TexParagraph paragraph : document.paragraphs(body)) {
            // (OUP's \abstract{...} command: the paragraph holds the command around the abstract's text)
            if (abstractSpan.isPresent() && paragraph.span().start() < abstractSpan.get().end()
                    && paragraph.span().end() > abstractSpan.get().start()) {
                continue;
            }
            int at = paragraph.span().start();
            int line = paper.line(at);
            int words = Prose.wordCount(paragraph.text());
            if (words > PARAGRAPH_MAX_WORDS) {
                findings.add(paper.at(Gate.CONTENT, "paragraph.too-long", at, "a paragraph of " + words
                        + " words runs longer than a page (line " + line + ")"));
            }
            // with the citation marks a reader sees: "The study in [a] shaped..." and "in [b]" are two sentences
            for (String sentence : Prose.sentences(document.plainTextWithCitations(paragraph.span()))) {
                String key = Prose.normalised(sentence);
                if (Prose.wordCount(key) < REPEATED_SENTENCE_MIN_WORDS) {
                    continue;
                }
                if (abstractSentences.contains(key) || carriesAbstractSentence(key, abstractSentences)) {
                    if (reported.add(key)) {
                        findings.add(paper.at(Gate.CONTENT, "sentence.abstract-repeated", at, "the abstract's "
                                + "sentence \"" + PaperText.abbreviate(sentence) + "\" is repeated in the body (line "
                                + line + "); say it in other words there or leave it to the abstract"));
                    }
                    continue;
                }
                Integer first = seen.putIfAbsent(key, line);
                if (first != null && reported.add(key)) {
                    findings.add(paper.at(Gate.CONTENT, "sentence.repeated", at, "the sentence \""
                            + PaperText.abbreviate(sentence) + "\" is written twice (lines " + first + " and " + line
                            + ")"));
                }
            }
        }
    }

    /** A body sentence that carries a long sentence of the abstract inside it ("In short, " + the sentence). */
    private static boolean carriesAbstractSentence(String key, Set<String> abstractSentences) {
        for (String sentence : abstractSentences) {
            if (Prose.wordCount(sentence) >= CARRIED_SENTENCE_MIN_WORDS
                    && (" " + key + " ").contains(" " + sentence + " ")) {
                return true;
            }
        }
        return false;
    }

    private static void captions(PaperText paper, List<Finding> findings) {
        for (TexCommand caption : paper.document.commands("caption")) {
            String words = words(caption.lastText());
            if (onlyLabel(words)) {
                findings.add(paper.at(Gate.CONTENT, "caption.label-only", caption.start(), "the caption \"" + words
                        + "\" only repeats its label (line " + paper.line(caption.start()) + ")"));
            }
        }
    }

    /** "Table 5: Table 5", "Fig. IV", "": nothing but label words and numbers. */
    private static boolean onlyLabel(String caption) {
        String normal = Prose.normalised(caption);
        if (normal.isEmpty()) {
            return true;
        }
        for (String word : normal.split(" ")) {
            boolean number = word.chars().allMatch(Character::isDigit)
                    || word.chars().allMatch(c -> c == 'i' || c == 'v' || c == 'x');
            if (!LABEL_WORDS.contains(word) && !number) {
                return false;
            }
        }
        return true;
    }

    /**
     * The headings of the materials that must not become the title, normalised: every heading but the author's
     * own title (idea.md's one top-level heading), so a bold line ("**Problem Statement**") counts too.
     */
    private static Set<String> headings(String markdown) {
        Set<String> headings = new LinkedHashSet<>();
        for (Heading heading : MarkdownDocument.parse(markdown).headings()) {
            if (heading.level() > 1 || heading.kind() == Heading.Kind.STRONG_LINE) {
                headings.add(Prose.normalised(heading.title()));
            }
        }
        headings.remove("");
        return headings;
    }
}
