package dev.paperorchestra.writer.sections;

import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What full-text exports leave in the text that no paper prints: a label naming where the text was extracted
 * from ("Extracted from abstract:", "Source: JATS", "From the full text:") at the start of a paragraph, and a
 * section heading glued to the first word of its text ("MethodsParticipants were recruited ...", where the export
 * lost the line break after "Methods"). The label goes; the glued heading goes and its text stays.
 */
final class ExportArtifacts {

    /** How export labels begin, lower case, each followed by words up to a colon. */
    private static final List<String> LABELS = List.of("extracted from", "excerpt from", "text from", "source",
            "full text", "jats", "biorxiv", "medrxiv");
    /** At most this many words stand between a label's start and its colon. */
    private static final int LABEL_WORDS = 4;

    private ExportArtifacts() {
    }

    static String clean(String text) {
        return unglued(withoutLabels(text.strip()));
    }

    /** The text without export labels at its start ("Extracted from abstract: Abstract ..." gives "..."). */
    static String withoutLabels(String text) {
        String rest = text;
        while (true) {
            int colon = rest.indexOf(':');
            String lower = rest.toLowerCase(Locale.ROOT);
            if (colon <= 0 || LABELS.stream().noneMatch(lower::startsWith)
                    || Prose.wordCount(rest.substring(0, colon)) > LABEL_WORDS) {
                return rest;
            }
            rest = rest.substring(colon + 1).strip();
            // the section the label pointed at, named again as the first word ("Abstract Background ...")
            String first = firstWord(rest);
            if (!first.isEmpty() && SectionRole.named(first).isPresent() && rest.length() > first.length() + 1
                    && Character.isUpperCase(rest.charAt(first.length() + 1))) {
                rest = rest.substring(first.length()).strip();
            }
        }
    }

    private static String firstWord(String text) {
        int end = 0;
        while (end < text.length() && Character.isLetter(text.charAt(end))) {
            end++;
        }
        return end < text.length() && text.charAt(end) == ' ' ? text.substring(0, end) : "";
    }

    /**
     * The text with every word that is a section name glued to a capitalised word ("MethodsParticipants",
     * "ResultsThe") cut to the word after the name.
     */
    static String unglued(String text) {
        List<String> words = new ArrayList<>();
        for (String word : text.split(" ", -1)) {
            words.add(unglue(word));
        }
        return String.join(" ", words);
    }

    private static String unglue(String word) {
        for (int i = 4; i < word.length() - 1; i++) {
            char c = word.charAt(i);
            if (!Character.isUpperCase(c) || !Character.isLowerCase(word.charAt(i - 1))) {
                continue;
            }
            String head = word.substring(0, i);
            if (Character.isUpperCase(head.charAt(0)) && head.chars().skip(1).allMatch(Character::isLowerCase)
                    && SectionRole.named(head).isPresent() && Character.isLowerCase(word.charAt(i + 1))) {
                return word.substring(i);
            }
        }
        return word;
    }
}
