package dev.paperorchestra.plotting.render;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A planned aspect ratio such as 16:9 (width : height).
 *
 * @param width  width part, positive
 * @param height height part, positive
 */
public record AspectRatio(int width, int height) {

    private static final Pattern RATIO = Pattern.compile("^\\s*(\\d{1,3})\\s*[:x/]\\s*(\\d{1,3})\\s*$");

    public AspectRatio {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("aspect ratio parts must be positive: " + width + ":" + height);
        }
    }

    /** Reads {@code w:h}; empty when the text is not such a ratio. */
    public static Optional<AspectRatio> parse(String text) {
        Matcher matcher = RATIO.matcher(text);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        int width = Integer.parseInt(matcher.group(1));
        int height = Integer.parseInt(matcher.group(2));
        return width > 0 && height > 0 ? Optional.of(new AspectRatio(width, height)) : Optional.empty();
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
