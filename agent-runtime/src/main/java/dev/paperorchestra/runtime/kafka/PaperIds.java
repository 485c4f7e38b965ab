package dev.paperorchestra.runtime.kafka;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The one rule for paper ids: 1 to 64 characters, letters, digits, '.', '_' and '-', starting with a letter or a
 * digit, never {@code ..}. An id names directories (outputs, compile jobs) and Kafka keys, so nothing that could
 * climb out of a directory or surprise a shell gets in. Generated ids follow the same rule.
 */
public final class PaperIds {

    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    /** Room left for the time stamp and a suffix in a generated id. */
    private static final int MAX_BASE = 40;

    private PaperIds() {
    }

    public static boolean isValid(String id) {
        return SAFE.matcher(id).matches() && !id.contains("..");
    }

    /**
     * @throws IllegalArgumentException saying what an id may contain
     */
    public static String requireValid(String id) {
        if (!isValid(id)) {
            throw new IllegalArgumentException("paper id '" + id + "' is not allowed: use 1 to 64 letters, digits, "
                    + "'.', '_' or '-', starting with a letter or digit, without '..'");
        }
        return id;
    }

    /** {@code <base in lower-case words>-<yyyyMMdd-HHmmss>}, e.g. {@code cvpr-sparse-depth-20261123-180152}. */
    public static String generate(String base, LocalDateTime now) {
        String words = base.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        if (words.length() > MAX_BASE) {
            words = words.substring(0, MAX_BASE).replaceAll("-+$", "");
        }
        return (words.isEmpty() ? "paper" : words) + "-" + now.format(STAMP);
    }

    /** The n-th alternative of an id already taken: {@code <id>-<n>}, still a valid id. */
    public static String alternative(String id, int n) {
        String suffix = "-" + n;
        String stem = id.length() + suffix.length() > 64 ? id.substring(0, 64 - suffix.length()) : id;
        return stem + suffix;
    }
}
