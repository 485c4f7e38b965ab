package dev.paperorchestra.writer.latex;

import java.text.Normalizer;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/** Unique {@code \label} names made from captions and ids. */
public final class Labels {

    private static final int MAX_SLUG = 40;

    private final Set<String> used = new HashSet<>();

    /**
     * A label {@code prefix:slug} not handed out before by this instance.
     *
     * @param fallback slug used when the text has no letters or digits
     */
    public String next(String prefix, String text, String fallback) {
        String slug = slug(text);
        return exact(prefix, slug.isEmpty() ? fallback : slug);
    }

    /** A label {@code prefix:id} with the id as given (when it is a safe label name), made unique. */
    public String exact(String prefix, String id) {
        String base = prefix + ":" + safeId(id);
        String label = base;
        for (int n = 2; !used.add(label); n++) {
            label = base + "_" + n;
        }
        return label;
    }

    /** Lower-case ASCII letters and digits joined by underscores, at most 40 characters, cut at a word end. */
    public static String slug(String text) {
        String ascii = Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("\\p{M}", "")
                .toLowerCase(Locale.ROOT);
        String slug = ascii.replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
        if (slug.length() > MAX_SLUG) {
            int cut = slug.lastIndexOf('_', MAX_SLUG);
            slug = slug.substring(0, cut > MAX_SLUG / 2 ? cut : MAX_SLUG);
        }
        return slug;
    }

    /** The id itself when it is a safe label name, else its slug. */
    public static String safeId(String id) {
        return id.matches("[A-Za-z0-9_.:-]+") ? id : slug(id).isEmpty() ? "x" : slug(id);
    }
}
