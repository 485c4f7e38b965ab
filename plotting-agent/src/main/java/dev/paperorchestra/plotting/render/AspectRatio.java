package dev.paperorchestra.plotting.render;

import java.util.Optional;

/**
 * A planned aspect ratio such as 16:9 (width : height).
 *
 * @param width  width part, positive
 * @param height height part, positive
 */
public record AspectRatio(int width, int height) {

    private static final int MAX_DIGITS = 3;

    public AspectRatio {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("aspect ratio parts must be positive: " + width + ":" + height);
        }
    }

    /** Reads {@code w:h} (or {@code w x h}, {@code w/h}), parts of one to three digits; empty otherwise. */
    public static Optional<AspectRatio> parse(String text) {
        String ratio = text.strip();
        int separator = -1;
        for (int i = 0; i < ratio.length() && separator < 0; i++) {
            char c = ratio.charAt(i);
            if (c == ':' || c == 'x' || c == '/') {
                separator = i;
            }
        }
        if (separator < 0) {
            return Optional.empty();
        }
        String width = ratio.substring(0, separator).strip();
        String height = ratio.substring(separator + 1).strip();
        if (!digits(width) || !digits(height)) {
            return Optional.empty();
        }
        int w = Integer.parseInt(width);
        int h = Integer.parseInt(height);
        return w > 0 && h > 0 ? Optional.of(new AspectRatio(w, h)) : Optional.empty();
    }

    private static boolean digits(String part) {
        return !part.isEmpty() && part.length() <= MAX_DIGITS && part.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    /** Width divided by height. */
    public double value() {
        return (double) width / height;
    }

    @Override
    public String toString() {
        return width + ":" + height;
    }
}
