package dev.paperorchestra.runtime.blob;

/**
 * File names that the revision intake accepts and the refine agent writes its workspace under: each segment of a
 * relative name plain, so no name is hidden, climbs out of its directory or needs quoting.
 */
public final class FileNames {

    /** Longest segment. */
    public static final int MAX_SEGMENT = 128;

    private FileNames() {
    }

    /**
     * A plain segment: a letter, digit or {@code _} (never a dot, so never hidden and never {@code ..}), then up to
     * 127 ASCII letters, digits, {@code _}, {@code .}, {@code +} or {@code -}.
     */
    public static boolean isPlainSegment(String segment) {
        if (segment.isEmpty() || segment.length() > MAX_SEGMENT || !plain(segment.charAt(0), false)) {
            return false;
        }
        for (int i = 1; i < segment.length(); i++) {
            if (!plain(segment.charAt(i), true)) {
                return false;
            }
        }
        return true;
    }

    private static boolean plain(char c, boolean punctuation) {
        boolean alphanumeric = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
        return alphanumeric || punctuation && (c == '.' || c == '+' || c == '-');
    }
}
