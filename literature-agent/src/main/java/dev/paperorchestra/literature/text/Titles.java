package dev.paperorchestra.literature.text;

import dev.paperorchestra.model.text.Prose;
import java.text.Normalizer;
import java.util.Locale;

/**
 * Title and name normalisation shared by deduplication, matching and cite keys, so "Deep Residual Learning"
 * and "deep residual-learning." are recognised as the same paper everywhere.
 */
public final class Titles {

    private Titles() {
    }

    /** Lower-case, accents folded, every run of non-alphanumerics collapsed to one space, trimmed. */
    public static String normalise(String title) {
        return Prose.normalised(foldAccents(title));
    }

    /** The text with accents removed (é -> e); letters without an ASCII base are kept as they are. */
    public static String foldAccents(String text) {
        String decomposed = Normalizer.normalize(text, Normalizer.Form.NFD);
        StringBuilder out = new StringBuilder(decomposed.length());
        decomposed.codePoints().forEach(c -> {
            int type = Character.getType(c);
            if (type != Character.NON_SPACING_MARK && type != Character.ENCLOSING_MARK
                    && type != Character.COMBINING_SPACING_MARK) {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }

    /** Only the ASCII letters of the accent-folded, lower-cased text: for cite keys. */
    public static String asciiLetters(String text) {
        StringBuilder out = new StringBuilder();
        foldAccents(text).toLowerCase(Locale.ROOT).chars().filter(c -> c >= 'a' && c <= 'z')
                .forEach(c -> out.append((char) c));
        return out.toString();
    }
}
