package dev.paperorchestra.writer.sections;

import java.util.List;

/** Turning lines of the materials (bullets, captions) into sentences without changing what they say. */
final class Sentences {

    private Sentences() {
    }

    /** The text with a capital first letter and a final full stop when it has no end punctuation. */
    static String of(String text) {
        String stripped = text.strip();
        if (stripped.isEmpty()) {
            return stripped;
        }
        String capitalised = Character.toUpperCase(stripped.charAt(0)) + stripped.substring(1);
        return capitalised.matches("(?s).*[.!?:]$") ? capitalised : capitalised + ".";
    }

    /** "a", "a and b", "a, b and c". */
    static String series(List<String> items) {
        return items.size() <= 1 ? String.join("", items)
                : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.getLast();
    }

    static String join(List<String> texts) {
        return String.join(" ", texts.stream().map(Sentences::of).filter(s -> !s.isEmpty()).toList());
    }

    /**
     * The text with its first word lower-cased when that word is an ordinary capitalised word ("Main results"
     * becomes "main results"; "KITTI" and "ImageNet" stay), so it can continue a sentence.
     */
    static String continuing(String text) {
        String stripped = text.strip().replaceFirst("[.]$", "");
        int end = 0;
        while (end < stripped.length() && Character.isLetter(stripped.charAt(end))) {
            end++;
        }
        String word = stripped.substring(0, end);
        boolean ordinary = !word.isEmpty() && Character.isUpperCase(word.charAt(0))
                && word.substring(1).chars().noneMatch(Character::isUpperCase);
        return ordinary ? Character.toLowerCase(word.charAt(0)) + stripped.substring(1) : stripped;
    }
}
