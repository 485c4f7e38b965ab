package dev.paperorchestra.model.tex;

import java.util.List;

/**
 * How a command takes its arguments, in xparse's letters: {@code s} an optional star, {@code o} an optional
 * {@code [...]} argument, {@code m} a mandatory argument. {@code "s o m"} is {@code \section}.
 *
 * @param parts the letters in order
 */
public record TexSignature(List<Part> parts) {

    /** One letter of a signature. */
    public enum Part {
        STAR, OPTIONAL, MANDATORY
    }

    public TexSignature {
        parts = List.copyOf(parts);
    }

    /** From letters such as {@code "s o m"} or {@code "som"} (spaces ignored). */
    public static TexSignature of(String letters) {
        return new TexSignature(letters.chars().filter(c -> c != ' ').mapToObj(c -> switch (c) {
            case 's' -> Part.STAR;
            case 'o' -> Part.OPTIONAL;
            case 'm' -> Part.MANDATORY;
            default -> throw new IllegalArgumentException("signature letter " + (char) c + " in " + letters);
        }).toList());
    }

    /** How many {@link Part#OPTIONAL} and {@link Part#MANDATORY} arguments, i.e. everything but the star. */
    public int arguments() {
        return (int) parts.stream().filter(part -> part != Part.STAR).count();
    }
}
