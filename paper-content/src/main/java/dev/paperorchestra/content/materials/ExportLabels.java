package dev.paperorchestra.content.materials;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What a full-text export (JATS XML, a PDF's text layer) leaves of a paper's own structure inside the notes: the
 * provenance labels of the tool that made them ("Extracted from abstract:", "&gt; Extracted from full-text JATS XML
 * (...)") and section titles glued to the first words of their text ("AbstractBackgroundIdentifying the",
 * "1.IntroductionIdentifying", "3.Results3.1.SI quantifies", "New methodWe introduce", "MethodsParticipantsWe
 * recruited"). Neither may reach a paper: the labels go, and a glued title goes with its number, leaving the text.
 * A title is taken off only when a capitalised word follows it without a space, and only the titles that exports
 * glue (never a model's name such as "ResNet" or "AlphaFold"); everything here reads characters, in linear time.
 */
final class ExportLabels {

    /** Section and abstract titles of full-text exports, longest first so "Materials and methods" wins. */
    private static final List<String> TITLES = List.of("Materials and methods", "Materials and Methods",
            "Comparison with existing methods", "Comparison with existing method", "Author summary",
            "Significance statement", "Significance Statement", "Graphical abstract", "Main outcome measures",
            "New method", "New Method", "Data availability", "Introduction", "Background", "Conclusions",
            "Conclusion", "Discussion", "Participants", "Significance", "Objectives", "Objective", "Abstract",
            "Highlights", "Interpretation", "Findings", "Keywords", "Methods", "Results", "Summary", "Funding")
            .stream().sorted(Comparator.comparingInt(String::length).reversed()).toList();
    /** What an export tool says it extracted from. */
    private static final List<String> PROVENANCE = List.of("abstract", "full text", "full-text", "fulltext", "jats",
            "xml", "pdf", "the paper", "the article", "the preprint");

    private ExportLabels() {
    }

    /** Whether a line (a quote or paragraph of its own) is only a tool's provenance label. */
    static boolean isProvenanceLine(String line) {
        // one pass over the quote and emphasis marks: taking them off one substring at a time is quadratic
        int start = 0;
        while (start < line.length() && (Character.isWhitespace(line.charAt(start)) || line.charAt(start) == '>'
                || line.charAt(start) == '*' || line.charAt(start) == '_')) {
            start++;
        }
        String text = line.substring(start).strip();
        String lower = text.toLowerCase(Locale.ROOT);
        if (!lower.startsWith("extracted from ")) {
            return false;
        }
        String rest = lower.substring("extracted from ".length());
        return PROVENANCE.stream().anyMatch(rest::startsWith) && (text.length() < 120 || text.endsWith(":"));
    }

    /**
     * The line with a leading provenance label removed ("Extracted from abstract: the text" is "the text") and
     * every glued title taken off; the number of changes is added to {@code counted[0]} (labels) and
     * {@code counted[1]} (titles).
     */
    static String clean(String line, int[] counted) {
        String text = line;
        String lower = text.stripLeading().toLowerCase(Locale.ROOT);
        if (lower.startsWith("extracted from ")) {
            int colon = text.indexOf(':');
            String label = colon < 0 ? "" : text.substring(0, colon + 1);
            if (colon > 0 && isProvenanceLine(label)) {
                text = text.substring(0, text.length() - text.stripLeading().length()) + text.substring(colon + 1)
                        .stripLeading();
                counted[0]++;
            }
        }
        return unglued(text, counted);
    }

    /** Every glued title of the text taken off, with the section number before it. */
    static String unglued(String text, int[] counted) {
        StringBuilder out = null;
        int i = 0;
        int copied = 0;
        while (i < text.length()) {
            if (!atWordStart(text, i)) {
                i++;
                continue;
            }
            int afterNumber = skipNumber(text, i);
            int end = gluedTitleEnd(text, afterNumber);
            if (end < 0) {
                i++;
                continue;
            }
            // a chain of glued titles ("AbstractBackground", "3.Results3.1.") goes whole
            int next = end;
            while (true) {
                int chained = gluedTitleEnd(text, skipNumber(text, next));
                if (chained < 0) {
                    next = skipNumber(text, next);
                    break;
                }
                next = chained;
            }
            if (out == null) {
                out = new StringBuilder(text.length());
            }
            out.append(text, copied, i);
            if (!out.isEmpty() && !Character.isWhitespace(out.charAt(out.length() - 1))) {
                out.append(' ');
            }
            copied = next;
            i = next;
            counted[1]++;
        }
        if (out == null) {
            return text;
        }
        out.append(text, copied, text.length());
        return out.toString();
    }

    /**
     * Where a title glued to a capitalised word ends when one starts at {@code at}, else -1. A title in capitals
     * ("INTRODUCTIONSynaptic", "RESULTSminiML enables") is glued to any letter: no word goes on from capitals.
     */
    private static int gluedTitleEnd(String text, int at) {
        for (String title : TITLES) {
            String capitals = title.toUpperCase(Locale.ROOT);
            int end = at + title.length();
            if (text.startsWith(capitals, at) && end + 1 < text.length() && (Character.isLowerCase(text.charAt(end))
                    || Character.isUpperCase(text.charAt(end)) && Character.isLowerCase(text.charAt(end + 1)))) {
                return end;
            }
            if (!text.startsWith(title, at) || end + 1 >= text.length()) {
                continue;
            }
            int numbered = skipNumber(text, end);
            if (numbered > end && numbered < text.length() && Character.isUpperCase(text.charAt(numbered))) {
                return end;
            }
            if (Character.isUpperCase(text.charAt(end))
                    && (Character.isLowerCase(text.charAt(end + 1)) || isTitleStart(text, end))) {
                return end;
            }
        }
        return -1;
    }

    private static boolean isTitleStart(String text, int at) {
        return TITLES.stream().anyMatch(title -> text.startsWith(title, at)) || Character.isDigit(text.charAt(at));
    }

    /** Past a section number such as "3." or "3.1." (none: the same index). */
    private static int skipNumber(String text, int at) {
        int i = at;
        int digits = 0;
        while (i < text.length() && (Character.isDigit(text.charAt(i)) || text.charAt(i) == '.' && digits > 0)) {
            digits += Character.isDigit(text.charAt(i)) ? 1 : 0;
            i++;
        }
        return i > at && text.charAt(i - 1) == '.' ? i : at;
    }

    private static boolean atWordStart(String text, int i) {
        return i == 0 || Character.isWhitespace(text.charAt(i - 1)) || "(\"'-".indexOf(text.charAt(i - 1)) >= 0;
    }
}
