package dev.paperorchestra.outline.plan;

import dev.paperorchestra.model.text.Prose;
import java.util.List;

/** Small text helpers for the offline outline's sentences. */
final class OutlineWording {

    /** The hint form for a name whose authors and exact title the offline rules cannot know (SPEC.md step 1). */
    static final String HINT_FORMAT = "research paper or technical report introducing '%s'";

    private OutlineWording() {
    }

    /** {@code A}, {@code A and B}, {@code A, B and C}. */
    static String list(List<String> items) {
        if (items.size() <= 1) {
            return items.isEmpty() ? "" : items.getFirst();
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.getLast();
    }

    /** "Datasets and models" -> "datasets and models", leaving names ("NYU splits", "Concord") as written. */
    static String lowerFirst(String label) {
        boolean capitalisedWord = label.length() > 1 && Character.isUpperCase(label.charAt(0))
                && Character.isLowerCase(label.charAt(1));
        return capitalisedWord ? Character.toLowerCase(label.charAt(0)) + label.substring(1) : label;
    }

    static String hint(String exactName) {
        return HINT_FORMAT.formatted(exactName);
    }

    /** Text quoted inside a sentence, cut to a readable length. */
    static String quote(String text, int maxLength) {
        String flat = Prose.oneLine(text);
        return "'" + (flat.length() <= maxLength ? flat : flat.substring(0, maxLength).strip() + "...") + "'";
    }
}
