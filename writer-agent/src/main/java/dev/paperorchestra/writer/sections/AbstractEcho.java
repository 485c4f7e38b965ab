package dev.paperorchestra.writer.sections;

import dev.paperorchestra.content.integrity.ContentGate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps the body from repeating the abstract: a sentence of the body that is word for word a sentence of the
 * abstract is left out (a paragraph left empty goes with it). The offline abstract is drawn from the same idea
 * the introduction and method are, so without this the introduction opened with the abstract again. Stricter
 * than the CONTENT gate (which lets sentences under eight words repeat): only fragments of fewer than four
 * words may stay; floats, lists, headings and comments are not touched.
 */
final class AbstractEcho {

    /** Shorter fragments ("Results.", "It works.") may repeat; every real sentence of the abstract may not. */
    static final int MIN_WORDS = 4;
    private static final Pattern ABSTRACT = Pattern.compile("(?s)\\\\begin\\{abstract}(.*?)\\\\end\\{abstract}");
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+(?=[A-Z])");
    /** A blank line, or the line break before a heading (a compact template has no blank line between sections). */
    private static final Pattern PARAGRAPH_GAP = Pattern.compile(
            "\\n[ \\t]*\\n|\\n(?=[ \\t]*\\\\(?:sub)*section\\*?\\{)");
    private static final Pattern BODY_END = Pattern.compile(
            "\\\\bibliographystyle\\{|\\\\bibliography\\{|\\\\printbibliography|\\\\end\\{document}");
    private static final Pattern HEAD_LINES = Pattern.compile(
            "(?:\\s*(?:%[^\\n]*|\\\\(?:sub)*section\\*?\\{[^\\n]*}|\\\\label\\{[^}]*})[ \\t]*\\n)+");
    private static final Pattern BEGIN = Pattern.compile("\\\\begin\\{");
    private static final Pattern END = Pattern.compile("\\\\end\\{");

    private AbstractEcho() {
    }

    static String removeFromBody(String tex) {
        Matcher abstractText = ABSTRACT.matcher(tex);
        if (!abstractText.find()) {
            return tex;
        }
        Set<String> sentences = new HashSet<>(sentenceKeys(abstractText.group(1)));
        if (sentences.isEmpty()) {
            return tex;
        }
        int start = abstractText.end();
        Matcher bodyEnd = BODY_END.matcher(tex);
        int end = bodyEnd.find(start) ? bodyEnd.start() : tex.length();
        String body = tex.substring(start, end);
        StringBuilder out = new StringBuilder();
        int depth = 0;
        int at = 0;
        Matcher gap = PARAGRAPH_GAP.matcher(body);
        while (at < body.length()) {
            int paragraphEnd = gap.find(at) ? gap.start() : body.length();
            String paragraph = body.substring(at, paragraphEnd);
            String separator = paragraphEnd < body.length() ? body.substring(paragraphEnd, gap.end()) : "";
            // a heading or comment line may open the paragraph; the prose under it is what is compared
            Matcher head = HEAD_LINES.matcher(paragraph);
            int proseStart = head.lookingAt() ? head.end() : 0;
            String first = paragraph.substring(proseStart).strip();
            boolean prose = depth == 0 && !first.isEmpty() && first.charAt(0) != '\\' && first.charAt(0) != '%';
            String kept = prose ? without(paragraph.substring(proseStart), sentences) : paragraph.substring(proseStart);
            if (!prose || !kept.isBlank() || proseStart > 0) {
                out.append(paragraph, 0, proseStart).append(prose && kept.isBlank() ? "" : kept).append(separator);
            }
            depth = Math.max(0, depth + count(BEGIN, paragraph) - count(END, paragraph));
            at = paragraphEnd < body.length() ? gap.end() : body.length();
        }
        return tex.substring(0, start) + out + tex.substring(end);
    }

    /** The normalised sentences of a LaTeX fragment that are long enough to count as a repeat. */
    static List<String> sentenceKeys(String latex) {
        List<String> keys = new ArrayList<>();
        for (String sentence : SENTENCE_END.split(ContentGate.words(latex))) {
            String key = normal(sentence);
            if (!key.isEmpty() && key.split(" ").length >= MIN_WORDS) {
                keys.add(key);
            }
        }
        return keys;
    }

    private static String without(String paragraph, Set<String> abstractSentences) {
        String[] parts = SENTENCE_END.split(paragraph.strip());
        List<String> kept = new ArrayList<>();
        for (String part : parts) {
            String key = normal(ContentGate.words(part));
            if (!abstractSentences.contains(key)) {
                kept.add(part);
            }
        }
        if (kept.size() == parts.length) {
            return paragraph;
        }
        return String.join(" ", kept);
    }

    private static String normal(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 ]", " ").replaceAll("\\s+", " ").strip();
    }

    private static int count(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        int count = 0;
        while (matcher.find()) {
            count++;
        }
        return count;
    }
}
