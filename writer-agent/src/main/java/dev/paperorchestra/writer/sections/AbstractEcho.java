package dev.paperorchestra.writer.sections;

import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.writer.latex.TexStructure;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Keeps the body from repeating the abstract: a sentence of the body that is word for word a sentence of the
 * abstract is left out (a paragraph left empty goes with it). The offline abstract is drawn from the same idea
 * the introduction and method are, so without this the introduction opened with the abstract again. Stricter
 * than the CONTENT gate (which lets sentences under eight words repeat): only fragments of fewer than four
 * words may stay; floats, lists, headings and comments are not touched. Read through {@link TexDocument}: the
 * abstract, where the body ends, and the words of each sentence; a paragraph is a run of lines up to a blank line
 * or a heading.
 */
final class AbstractEcho {

    /** Shorter fragments ("Results.", "It works.") may repeat; every real sentence of the abstract may not. */
    static final int MIN_WORDS = 4;
    private static final List<String> HEADINGS = List.of("\\section", "\\subsection", "\\subsubsection",
            "\\paragraph");

    private AbstractEcho() {
    }

    static String removeFromBody(String tex) {
        TexDocument document = TexDocument.parse(tex);
        Optional<TexSpan> abstractText = document.abstractContent();
        if (abstractText.isEmpty()) {
            return tex;
        }
        Set<String> sentences = new HashSet<>(sentenceKeys(document.plainText(abstractText.get())));
        if (sentences.isEmpty()) {
            return tex;
        }
        int start = document.environment("abstract").map(environment -> environment.span().end())
                .orElse(abstractText.get().end());
        int end = TexStructure.firstAfter(document, start, "bibliographystyle", "bibliography", "printbibliography")
                .map(TexCommand::start).orElse(document.bodyEnd());
        if (end <= start) {
            return tex;
        }
        List<String> lines = List.of(tex.substring(start, end).split("\n", -1));
        StringBuilder out = new StringBuilder();
        int depth = 0;
        int i = 0;
        while (i < lines.size()) {
            if (lines.get(i).isBlank()) {
                out.append(lines.get(i)).append('\n');
                i++;
                continue;
            }
            // a paragraph: its heading, comment and label lines, then its lines up to a blank line or a heading
            int head = i;
            while (head < lines.size() && isHeadLine(lines.get(head))) {
                head++;
            }
            int stop = head;
            while (stop < lines.size() && !lines.get(stop).isBlank() && !isHeading(lines.get(stop))) {
                stop++;
            }
            lines.subList(i, head).forEach(line -> out.append(line).append('\n'));
            if (stop > head) {
                String prose = String.join("\n", lines.subList(head, stop));
                String first = prose.strip();
                boolean isProse = depth == 0 && first.charAt(0) != '\\' && first.charAt(0) != '%';
                String kept = isProse ? without(prose, sentences) : prose;
                if (!kept.isBlank()) {
                    out.append(kept).append('\n');
                } else if (head == i && stop < lines.size() && lines.get(stop).isBlank()) {
                    // the paragraph goes with the blank line after it
                    stop++;
                }
                depth = Math.max(0, depth + count(prose, "\\begin{") - count(prose, "\\end{"));
            }
            i = Math.max(stop, i + 1);
        }
        String body = out.length() > 0 ? out.substring(0, out.length() - 1) : "";
        return tex.substring(0, start) + body + tex.substring(end);
    }

    private static boolean isHeading(String line) {
        String stripped = line.strip();
        return HEADINGS.stream().anyMatch(stripped::startsWith);
    }

    /** A line that opens a paragraph without being its prose: a heading, a comment, a label. */
    private static boolean isHeadLine(String line) {
        String stripped = line.strip();
        return isHeading(line) || stripped.startsWith("%") || stripped.startsWith("\\label{");
    }

    /** The normalised sentences of plain text that are long enough to count as a repeat. */
    static List<String> sentenceKeys(String plain) {
        List<String> keys = new ArrayList<>();
        for (String sentence : Prose.sentences(plain)) {
            String key = Prose.normalised(sentence);
            if (Prose.wordCount(key) >= MIN_WORDS) {
                keys.add(key);
            }
        }
        return keys;
    }

    private static String without(String paragraph, Set<String> abstractSentences) {
        List<String> parts = Prose.sentences(paragraph);
        List<String> kept = new ArrayList<>();
        for (String part : parts) {
            // a sentence that opens or closes an environment or a list item is structure: without it the rest
            // of the paragraph would not compile
            if (isStructure(part) || !abstractSentences.contains(Prose.normalised(TexDocument.plainText(part)))) {
                kept.add(part);
            }
        }
        if (kept.size() == parts.size()) {
            return paragraph;
        }
        // a sentence that announces what follows cannot stand once everything it announced was the abstract's
        return kept.stream().allMatch(part -> part.strip().equals(SectionWriter.CONTRIBUTIONS_LEAD)) ? ""
                : String.join(" ", kept);
    }

    private static boolean isStructure(String sentence) {
        return sentence.contains("\\begin{") || sentence.contains("\\end{") || sentence.contains("\\item");
    }

    /** Whether every sentence of a text long enough to count is already a sentence of the document's abstract. */
    static boolean saidInAbstract(TexDocument document, String text) {
        Optional<TexSpan> abstractText = document.abstractContent();
        List<String> keys = sentenceKeys(TexDocument.plainText(text));
        return abstractText.isPresent() && !keys.isEmpty()
                && new HashSet<>(sentenceKeys(document.plainText(abstractText.get()))).containsAll(keys);
    }

    private static int count(String text, String what) {
        int count = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + what.length())) {
            count++;
        }
        return count;
    }
}
