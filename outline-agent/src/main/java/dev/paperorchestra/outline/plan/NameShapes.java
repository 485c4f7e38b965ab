package dev.paperorchestra.outline.plan;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Names of models and resources that a setup mentions in passing, told by their shape: CamelCase
 * ({@code ResNet-50}, {@code ViT-S/16}, {@code ImageNet-22k}), a capitalised name with a number after a hyphen
 * ({@code GPT-2}, {@code GPT-3.5-turbo}) or two capitalised parts ({@code Swin-L}). A word is a run of letters,
 * digits, hyphens, slashes and dots; one that continues with an underscore is none of these.
 */
final class NameShapes {

    /** Words of that shape that are tools, devices or companies, never cited as prior work. */
    private static final Set<String> NOT_MODELS = Set.of("lidar", "pytorch", "tensorflow", "numpy", "github",
            "youtube", "iphone", "macbook");

    private NameShapes() {
    }

    /** The model-like names of a text, in order, each once. */
    static List<String> modelNames(String text) {
        Set<String> names = new LinkedHashSet<>();
        int i = 0;
        while (i < text.length()) {
            if (!isWordChar(text.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            while (i < text.length() && isWordChar(text.charAt(i))) {
                i++;
            }
            String word = trimmed(text.substring(start, i));
            boolean underscore = i < text.length() && text.charAt(i) == '_' || start > 0 && text.charAt(start - 1) == '_';
            if (!underscore && isModelName(word) && !isTool(word)) {
                names.add(word);
            }
        }
        return List.copyOf(names);
    }

    static boolean isModelName(String word) {
        List<String> parts = List.of(word.split("[-/]", -1));
        if (parts.stream().anyMatch(String::isEmpty)) {
            return false;
        }
        String first = parts.getFirst();
        boolean rest = parts.stream().skip(1).allMatch(NameShapes::alphanumeric);
        if (camelCase(first) && alphanumeric(first) && rest) {
            return true;
        }
        if (parts.size() < 2 || word.charAt(first.length()) != '-') {
            return false;
        }
        String second = parts.get(1);
        boolean tail = parts.stream().skip(2).allMatch(NameShapes::alphanumeric);
        boolean capitalised = Character.isUpperCase(first.charAt(0)) && first.chars().allMatch(Character::isLetter);
        if (capitalised && Character.isDigit(second.charAt(0))
                && second.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '.') && tail) {
            return true;
        }
        boolean titled = capitalised && first.length() > 1 && first.substring(1).chars().allMatch(Character::isLowerCase);
        boolean secondTitled = Character.isUpperCase(second.charAt(0))
                && second.substring(1).chars().allMatch(Character::isLowerCase);
        return titled && secondTitled && tail && !word.contains(".");
    }

    /** An upper-case letter, lower-case letters, then an upper-case letter: "ResNet", "NeWCRFs", "ViT". */
    private static boolean camelCase(String part) {
        if (part.length() < 3 || !Character.isUpperCase(part.charAt(0)) || !Character.isLowerCase(part.charAt(1))) {
            return false;
        }
        int i = 1;
        while (i < part.length() && Character.isLowerCase(part.charAt(i))) {
            i++;
        }
        return i < part.length() && Character.isUpperCase(part.charAt(i));
    }

    private static boolean alphanumeric(String part) {
        return !part.isEmpty() && part.chars().allMatch(c -> c < 128 && Character.isLetterOrDigit(c));
    }

    private static boolean isTool(String word) {
        String lower = word.toLowerCase(Locale.ROOT);
        return NOT_MODELS.contains(lower) || lower.startsWith("cuda")
                || lower.startsWith("top-") && lower.substring(4).chars().allMatch(Character::isDigit);
    }

    private static boolean isWordChar(char c) {
        return c < 128 && Character.isLetterOrDigit(c) || c == '-' || c == '/' || c == '.';
    }

    /** A word without the dots, hyphens and slashes that end a sentence or a phrase around it. */
    private static String trimmed(String word) {
        int start = 0;
        int end = word.length();
        while (start < end && "-/.".indexOf(word.charAt(start)) >= 0) {
            start++;
        }
        while (end > start && "-/.".indexOf(word.charAt(end - 1)) >= 0) {
            end--;
        }
        return word.substring(start, end);
    }
}
