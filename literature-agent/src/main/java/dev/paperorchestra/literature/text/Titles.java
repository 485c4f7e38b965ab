package dev.paperorchestra.literature.text;

import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Title and name normalisation shared by deduplication, matching and cite keys, so "Deep Residual Learning"
 * and "deep residual-learning." are recognised as the same paper everywhere.
 */
public final class Titles {

    private static final Pattern COMBINING_MARKS = Pattern.compile("\\p{M}+");
    private static final Pattern NON_ALPHANUMERIC = Pattern.compile("[^\\p{L}\\p{N}]+");

    private Titles() {
    }

    /** Lower-case, accents folded, every run of non-alphanumerics collapsed to one space, trimmed. */
    public static String normalise(String title) {
        String folded = foldAccents(title).toLowerCase(Locale.ROOT);
        return NON_ALPHANUMERIC.matcher(folded).replaceAll(" ").strip();
    }

    /** The text with accents removed (é -> e); letters without an ASCII base are kept as they are. */
    public static String foldAccents(String text) {
        return COMBINING_MARKS.matcher(Normalizer.normalize(text, Normalizer.Form.NFD)).replaceAll("");
    }

    /** Only the ASCII letters of the accent-folded, lower-cased text: for cite keys. */
    public static String asciiLetters(String text) {
        return foldAccents(text).toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
    }
}
