package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.content.materials.CitationMarkers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Content: the paper is a paper, not the materials or the template showing through. Its title and abstract
 * are its own (no template placeholder, no heading of the materials, an abstract of a usual length); no section
 * is empty or a stub; no materials file name, local path, JATS/bioRxiv identifier or ground-truth count is
 * printed; no sentence is written twice, and none of the abstract's sentences again in the body; no citation
 * marker without a reference ("[1]" outside a {@code \cite}, "interactions7, 8"); no materials note heading as a
 * section; no paragraph runs longer than a page; no caption only repeats its label or says it comes "from the
 * experimental log".
 */
public final class ContentGate {

    /** Fewest words of an abstract: below it the abstract is a stand-in. */
    public static final int ABSTRACT_MIN_WORDS = 70;
    /** Most words of an abstract the venues we write for accept. */
    public static final int ABSTRACT_MAX_WORDS = 350;
    /** Fewest words of a section (subsections included) that is more than a stub. */
    public static final int SECTION_MIN_WORDS = 40;
    /** About a page of a two-column 10pt paper; a paragraph past it is a pasted block, not prose. */
    public static final int PARAGRAPH_MAX_WORDS = 650;
    /** Sentences shorter than this may repeat (a short claim restated); longer ones may not. */
    private static final int REPEATED_SENTENCE_MIN_WORDS = 8;

    private static final Pattern TITLE = Pattern.compile("\\\\title\\s*(?:\\[[^\\]]*])?\\s*\\{");
    private static final Pattern PLACEHOLDER = Pattern.compile(
            "(?i)\\b(title|untitled|placeholder|insert|todo|tbd|xxx+|lorem ipsum|formatting instructions"
                    + "|author guidelines|instructions for)\\b");
    /** How the materials label their own parts; a title starting so is a heading copied, not a title. */
    private static final Pattern MATERIALS_LABEL = Pattern.compile(
            "(?i)(?:idea summary|working title|target venue|research idea|experimental log|core idea|idea)\\s*(?::|$)");
    private static final Pattern ABSTRACT = Pattern.compile("(?s)\\\\begin\\{abstract}(.*?)\\\\end\\{abstract}");
    private static final Pattern ABSTRACT_PLACEHOLDER = Pattern.compile(
            "(?i)lorem ipsum|abstract goes here|your abstract|the abstract (?:should|must)|insert (?:the )?abstract");
    private static final Pattern SECTION = Pattern.compile("\\\\section\\*?\\s*\\{([^}]*)}");
    private static final Pattern MATERIALS_FILE = Pattern.compile(
            "(?i)\\b(?:idea|experimental[_\\\\ -]*log|conference[_\\\\ -]*guidelines|scholar[_\\\\ -]*records)"
                    + "\\.(?:md|json)\\b|\\btemplate\\.tex\\b|\\bjob\\.json\\b");
    private static final Pattern LOCAL_PATH = Pattern.compile(
            "(?<![\\w/.:])(?:/(?:home|tmp|Users|mnt|var|root|work)/[\\w./-]+|[A-Z]:\\\\\\\\[\\w\\\\.]+)");
    /**
     * bioRxiv/medRxiv/JATS identifiers in every form an export leaves: {@code biorxiv;2025.01.31.635838v1/FIG1...},
     * {@code 10.1101/...} (with or without doi:), bioRxiv links, figure assets ({@code F1.large.jpg},
     * {@code pone.0123456.g001}, {@code elife-12345-fig1}), PMC/PubMed ids, JATS tags.
     */
    private static final Pattern JATS = Pattern.compile(
            "(?i)\\b(?:bio|med)rxiv\\s?;\\s?\\d|\\b10\\.1101/\\d|\\b(?:bio|med)rxiv\\.org/|\\b\\d{4}\\.\\d{2}\\.\\d{2}\\.\\d{6}v\\d"
                    + "|\\b[FT]\\d{1,3}\\.(?:large|medium|small)\\.(?:jpe?g|gif|png|tiff?)\\b"
                    + "|\\b(?:journal\\.)?p(?:one|bio|med|gen|cbi|ntd|pat)\\.\\d{7}\\.[gtsx]\\d{3}\\b"
                    + "|\\belife-\\d{5,6}-(?:fig|resp|app|supp)\\d|\\bPMC\\d{5,8}\\b|\\bPMID\\s*:?\\s*\\d{6,9}\\b"
                    + "|</?jats:|\\bJATS\\b");
    /** How a chart's caption used to name its source; the paper's reader has no "experimental log". */
    private static final Pattern FROM_MATERIALS = Pattern.compile(
            "(?i)\\(\\s*(?:data\\s+|numbers\\s+)?(?:taken\\s+)?from\\s+the\\s+(?:experimental[\\s~]+log|idea[\\s~]+description"
                    + "|materials|log)\\s*\\)");
    /** The materials' own note headings, which a paper's section is never called. */
    private static final Pattern NOTES_HEADING = Pattern.compile(
            "(?i)core question|core idea|method in brief|key results|notes|raw notes|idea summary|working title"
                    + "|target venue|research idea|experimental log|open questions|todo");
    private static final Pattern ANY_HEADING = Pattern.compile(
            "\\\\(section|subsection|subsubsection|paragraph)\\*?\\s*(?:\\[[^\\]]*])?\\s*\\{([^}]*)}");
    /** Math, blanked before markers are looked for ({@code $[0, 1]$} is an interval). */
    private static final Pattern MATH = Pattern.compile(
            "(?s)\\$\\$.*?\\$\\$|(?<!\\\\)\\$.*?(?<!\\\\)\\$|\\\\\\[.*?\\\\]|\\\\\\(.*?\\\\\\)");
    private static final Pattern SUPERSCRIPT_LIST = Pattern.compile(
            "\\\\textsuperscript\\s*\\{\\s*\\d{1,3}(?:\\s*(?:,|--?|–)\\s*\\d{1,3})+\\s*}");
    private static final Pattern GROUND_TRUTH_COUNT = Pattern.compile(
            "(?i)\\bfigures?\\s*:\\s*\\d+\\s*[.,;]?\\s*tables?\\s*:\\s*\\d+");
    private static final Pattern CAPTION = Pattern.compile("\\\\caption\\s*(?:\\[[^\\]]*])?\\s*\\{");
    private static final Pattern LABEL_ONLY = Pattern.compile(
            "(?i)^(?:(?:table|figure|fig\\.?|tab\\.?)\\s*[\\dIVX]*\\s*[:.\\-]?\\s*)*$");
    private static final Pattern COMMAND = Pattern.compile("\\\\[a-zA-Z@]+\\*?(?:\\[[^\\]]*])?");
    private static final Pattern PARAGRAPH_GAP = Pattern.compile("\\n[ \\t]*\\n\\s*");
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+(?=[A-Z])");
    private static final Pattern HEADING = Pattern.compile(
            "\\\\(?:(?:sub)*section|paragraph)\\*?\\s*(?:\\[[^\\]]*])?\\s*\\{[^}]*}");
    private static final Pattern FLOAT = Pattern.compile(
            "(?s)\\\\begin\\{(table\\*?|figure\\*?|tabular\\*?|equation\\*?|align\\*?)}.*?\\\\end\\{\\1}");

    private ContentGate() {
    }

    /**
     * @param ideaAndLog the idea and the experimental log, whose headings must not become the title
     */
    public static GateResult check(String tex, String ideaAndLog) {
        TexSource source = new TexSource(tex);
        List<String> findings = new ArrayList<>();
        String body = source.text.substring(source.bodyStart(), source.bodyEnd());
        // the abstract may restate the paper; blanked (lines kept) so the body's own repeats are what counts
        String withoutAbstract = ABSTRACT.matcher(body).replaceAll(m -> Matcher.quoteReplacement(blank(m.group())));
        title(source.text, headings(ideaAndLog), findings);
        abstractText(source.text, findings);
        sections(source, findings);
        notesHeadings(source, findings);
        leaks(source, body, findings);
        citationMarkers(source, body, findings);
        prose(source, withoutAbstract, abstractSentences(source.text), findings);
        captions(source, findings);
        return new GateResult(Gate.CONTENT, 13, findings);
    }

    /** True for an empty title or one that is a template's stand-in text rather than a paper's title. */
    public static boolean isPlaceholderTitle(String titleLatex) {
        String words = words(titleLatex);
        return words.isEmpty() || PLACEHOLDER.matcher(words).find();
    }

    private static void title(String text, Set<String> headings, List<String> findings) {
        Matcher title = TITLE.matcher(text);
        if (!title.find()) {
            findings.add("paper.tex has no \\title");
            return;
        }
        int open = title.end() - 1;
        int close = closing(text, open);
        String words = words(text.substring(open + 1, Math.max(open + 1, close)));
        if (isPlaceholderTitle(words)) {
            findings.add("the title \"" + words + "\" is the template's placeholder, not the paper's title");
        } else if (MATERIALS_LABEL.matcher(words).lookingAt() || headings.contains(normal(words))) {
            findings.add("the title \"" + words + "\" is a heading of the materials, not the paper's title");
        }
    }

    private static void abstractText(String text, List<String> findings) {
        Matcher matcher = ABSTRACT.matcher(text);
        if (!matcher.find()) {
            findings.add("paper.tex has no abstract");
            return;
        }
        String words = words(matcher.group(1));
        int count = count(words);
        if (ABSTRACT_PLACEHOLDER.matcher(words).find()) {
            findings.add("the abstract is the template's placeholder text");
        } else if (count < ABSTRACT_MIN_WORDS || count > ABSTRACT_MAX_WORDS) {
            findings.add("the abstract has " + count + " words; an abstract has " + ABSTRACT_MIN_WORDS + " to "
                    + ABSTRACT_MAX_WORDS);
        }
    }

    private static void sections(TexSource source, List<String> findings) {
        int end = source.appendixStart() >= 0 ? source.appendixStart() : source.bodyEnd();
        List<Matcher> found = new ArrayList<>();
        Matcher section = SECTION.matcher(source.text);
        while (section.find()) {
            if (section.start() >= source.bodyStart() && section.start() < end) {
                found.add(SECTION.matcher(source.text).region(section.start(), source.text.length()));
            }
        }
        for (int i = 0; i < found.size(); i++) {
            Matcher current = found.get(i);
            current.lookingAt();
            int contentEnd = i + 1 < found.size() ? found.get(i + 1).regionStart() : end;
            String content = source.text.substring(current.end(), Math.max(current.end(), contentEnd));
            // a figure or table alone does not make a section
            int words = count(words(FLOAT.matcher(content).replaceAll(" ")));
            if (words < SECTION_MIN_WORDS) {
                findings.add("section \"" + words(current.group(1)) + "\" is " + (words == 0 ? "empty"
                        : "a stub of " + words + " words") + " (line " + source.lineOf(current.start()) + ")");
            }
        }
    }

    private static void leaks(TexSource source, String body, List<String> findings) {
        int offset = source.bodyStart();
        for (Pattern leak : List.of(MATERIALS_FILE, LOCAL_PATH, JATS, GROUND_TRUTH_COUNT, FROM_MATERIALS)) {
            Matcher matcher = leak.matcher(body);
            if (matcher.find()) {
                int first = matcher.start();
                String quoted = leak == JATS ? around(body, matcher.start(), matcher.end()) : matcher.group().strip();
                int more = 0;
                int tokenEnd = tokenEnd(body, matcher.end());
                while (matcher.find()) {
                    // one identifier may hold several telltales (a bioRxiv link holds 10.1101/): count it once
                    if (matcher.start() >= tokenEnd) {
                        more++;
                        tokenEnd = tokenEnd(body, matcher.end());
                    }
                }
                String what = leak == MATERIALS_FILE ? "a materials file name"
                        : leak == LOCAL_PATH ? "a local path"
                        : leak == JATS ? (more > 0 ? (more + 1) + " JATS/bioRxiv identifiers, the first" :
                                "a JATS/bioRxiv identifier")
                        : leak == FROM_MATERIALS ? "where its numbers come from in the materials' words"
                        : "a ground-truth count of the materials";
                findings.add("the paper prints " + what + ", \"" + quoted + "\" (line " + source.lineOf(offset + first)
                        + ")");
            }
        }
    }

    /** The identifier with the rest of its token, e.g. the whole "biorxiv;2025.01.31.635838v1/FIG1F1fig1Fig.". */
    private static String around(String text, int start, int end) {
        int from = start;
        while (from > 0 && !Character.isWhitespace(text.charAt(from - 1)) && "{(".indexOf(text.charAt(from - 1)) < 0) {
            from--;
        }
        return abbreviate(text.substring(from, tokenEnd(text, end)));
    }

    private static int tokenEnd(String text, int end) {
        int to = end;
        while (to < text.length() && !Character.isWhitespace(text.charAt(to)) && "})".indexOf(text.charAt(to)) < 0) {
            to++;
        }
        return to;
    }

    /** A section titled like the materials' notes ("Key results", "Method in brief"). */
    private static void notesHeadings(TexSource source, List<String> findings) {
        Matcher heading = ANY_HEADING.matcher(source.text);
        while (heading.find()) {
            if (heading.start() < source.bodyStart()) {
                continue;
            }
            String title = words(heading.group(2)).replaceAll("[:.]+$", "").strip();
            if (NOTES_HEADING.matcher(title).matches()) {
                findings.add("the " + heading.group(1) + " \"" + title + "\" is a heading of the materials' notes, "
                        + "not of a paper (line " + source.lineOf(heading.start()) + ")");
            }
        }
    }

    /** "[1]" or "cells7, 8" in the text: a numbered citation of a list the paper does not have. */
    private static void citationMarkers(TexSource source, String body, List<String> findings) {
        int offset = source.bodyStart();
        // math and commands with their optional arguments (\\[2pt], \cite[p.~4]{k}) blanked, offsets kept
        String prose = MATH.matcher(body).replaceAll(m -> Matcher.quoteReplacement(blank(m.group())));
        prose = COMMAND.matcher(prose).replaceAll(m -> Matcher.quoteReplacement(blank(m.group())));
        boolean flattened = CitationMarkers.showsFlattenedList(prose);
        List<String> quoted = new ArrayList<>();
        int firstLine = -1;
        int lineStart = 0;
        for (String line : prose.split("\n", -1)) {
            for (CitationMarkers.Marker marker : CitationMarkers.find(line, flattened)) {
                if (firstLine < 0) {
                    firstLine = source.lineOf(offset + lineStart + marker.start());
                }
                quoted.add(marker.text());
            }
            lineStart += line.length() + 1;
        }
        Matcher superscript = SUPERSCRIPT_LIST.matcher(body);
        while (superscript.find()) {
            if (firstLine < 0) {
                firstLine = source.lineOf(offset + superscript.start());
            }
            quoted.add(superscript.group());
        }
        if (!quoted.isEmpty()) {
            findings.add("the paper prints " + (quoted.size() == 1 ? "a citation marker" : quoted.size()
                    + " citation markers") + " without a reference, \"" + abbreviate(String.join("\", \"",
                            quoted.subList(0, Math.min(3, quoted.size())))) + "\" (line " + firstLine
                    + "); cite with \\cite or drop them");
        }
    }

    /** The abstract's sentences long enough to count, normalised. */
    private static Set<String> abstractSentences(String text) {
        Set<String> sentences = new LinkedHashSet<>();
        Matcher matcher = ABSTRACT.matcher(text);
        if (matcher.find()) {
            for (String sentence : SENTENCE_END.split(words(matcher.group(1)))) {
                String key = normal(sentence);
                if (count(key) >= REPEATED_SENTENCE_MIN_WORDS) {
                    sentences.add(key);
                }
            }
        }
        return sentences;
    }

    private static void prose(TexSource source, String body, Set<String> abstractSentences,
            List<String> findings) {
        int offset = source.bodyStart();
        // floats are blanked in place, so offsets and line numbers stay true
        String text = FLOAT.matcher(body).replaceAll(m -> Matcher.quoteReplacement(blank(m.group())));
        // a heading is not part of the sentence below it ("Method The tokens attend ..." would hide a repeat)
        text = HEADING.matcher(text).replaceAll(m -> Matcher.quoteReplacement(blank(m.group())));
        Map<String, Integer> seen = new HashMap<>();
        Set<String> reported = new LinkedHashSet<>();
        Matcher gap = PARAGRAPH_GAP.matcher(text);
        int start = 0;
        while (start < text.length()) {
            int end = gap.find(start) ? gap.start() : text.length();
            int line = source.lineOf(offset + start);
            String paragraph = words(text.substring(start, end));
            int words = count(paragraph);
            if (words > PARAGRAPH_MAX_WORDS) {
                findings.add("a paragraph of " + words + " words runs longer than a page (line " + line + ")");
            }
            for (String sentence : SENTENCE_END.split(paragraph)) {
                String key = normal(sentence);
                if (count(key) < REPEATED_SENTENCE_MIN_WORDS) {
                    continue;
                }
                if (abstractSentences.contains(key) || containsAbstractSentence(key, abstractSentences)) {
                    if (reported.add(key)) {
                        findings.add("the abstract's sentence \"" + abbreviate(sentence) + "\" is repeated in the body "
                                + "(line " + line + "); say it in other words there or leave it to the abstract");
                    }
                    continue;
                }
                Integer first = seen.putIfAbsent(key, line);
                if (first != null && reported.add(key)) {
                    findings.add("the sentence \"" + abbreviate(sentence) + "\" is written twice (lines " + first
                            + " and " + line + ")");
                }
            }
            start = end < text.length() ? gap.end() : text.length();
        }
    }

    /** A body sentence that carries a long sentence of the abstract inside it ("In short, " + the sentence). */
    private static boolean containsAbstractSentence(String key, Set<String> abstractSentences) {
        for (String sentence : abstractSentences) {
            if (count(sentence) >= REPEATED_SENTENCE_MIN_WORDS + 4 && (" " + key + " ").contains(" " + sentence + " ")) {
                return true;
            }
        }
        return false;
    }

    private static void captions(TexSource source, List<String> findings) {
        Matcher caption = CAPTION.matcher(source.text);
        while (caption.find()) {
            int open = caption.end() - 1;
            int close = closing(source.text, open);
            String words = words(source.text.substring(open + 1, Math.max(open + 1, close)));
            if (LABEL_ONLY.matcher(words).matches()) {
                findings.add("the caption \"" + words + "\" only repeats its label (line "
                        + source.lineOf(caption.start()) + ")");
            }
        }
    }

    /**
     * The section headings of the materials ({@code ##} and deeper), normalised: text that must not become the
     * title. A lone top-level heading of idea.md is its author's title and may well be the paper's.
     */
    private static Set<String> headings(String markdown) {
        Set<String> headings = new LinkedHashSet<>();
        for (String line : markdown.split("\\R")) {
            String stripped = line.strip();
            if (stripped.startsWith("##")) {
                headings.add(normal(stripped.replaceFirst("^#+", "")));
            }
        }
        headings.remove("");
        return headings;
    }

    /** Index past the brace that closes the one at {@code open}, or -1. */
    private static int closing(String text, int open) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** The readable words of a LaTeX fragment: commands, braces and math markers removed. */
    public static String words(String latex) {
        return COMMAND.matcher(latex).replaceAll(" ").replaceAll("[{}$~\\\\&]", " ").replaceAll("\\s+", " ")
                .strip();
    }

    private static String normal(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 ]", " ").replaceAll("\\s+", " ").strip();
    }

    private static int count(String words) {
        return words.isBlank() ? 0 : words.strip().split("\\s+").length;
    }

    /** The text as spaces, its line breaks kept (a blank line stays a paragraph break). */
    private static String blank(String text) {
        return text.replaceAll("[^\n]", " ");
    }

    private static String abbreviate(String sentence) {
        return sentence.length() <= 80 ? sentence : sentence.substring(0, 77) + "...";
    }
}
