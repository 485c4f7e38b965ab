package dev.paperorchestra.literature.drafting;

import dev.paperorchestra.model.tex.LatexText;
import java.util.List;
import java.util.Locale;

/** Small helpers for the drafted prose: materials text as escaped sentences, citation commands. */
final class LatexProse {

    private LatexProse() {
    }

    /** The text escaped, as one sentence ending in punctuation; empty for blank text. */
    static String sentence(String text) {
        String escaped = LatexText.escape(text.strip().replaceAll("\\s+", " "));
        if (escaped.isEmpty()) {
            return "";
        }
        // a plan's phrase ("image-guided completion") becomes a sentence of its own, capitalised
        String capitalised = Character.toUpperCase(escaped.charAt(0)) + escaped.substring(1);
        char last = capitalised.charAt(capitalised.length() - 1);
        return last == '.' || last == '!' || last == '?' ? capitalised : capitalised + ".";
    }

    /** The text escaped, without final punctuation and with a lower-case first letter, to sit mid-sentence. */
    static String clause(String text) {
        String stripped = text.strip().replaceAll("\\s+", " ").replaceAll("[.;:!?]+$", "");
        String[] words = stripped.split(" ");
        // "ImageNet-1k" and a Title Case phrase ("Adaptive Step Sizes") keep their capitals
        boolean titleCase = words.length > 1 && !words[1].isEmpty() && Character.isUpperCase(words[1].charAt(0));
        if (stripped.length() > 1 && Character.isUpperCase(stripped.charAt(0))
                && words[0].substring(1).chars().noneMatch(Character::isUpperCase) && !titleCase) {
            stripped = stripped.substring(0, 1).toLowerCase(Locale.ROOT) + stripped.substring(1);
        }
        return LatexText.escape(stripped);
    }

    /** "a", "a and b", "a, b and c". */
    static String series(List<String> items) {
        return items.size() <= 1 ? String.join("", items)
                : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.getLast();
    }

    static String cite(List<String> keys) {
        return "~\\cite{" + String.join(",", keys) + "}";
    }
}
