package dev.paperorchestra.model.tex;

/**
 * One argument of a command as written: a brace group or bracket group with its delimiters ({@link #span}) and
 * what is between them ({@link #content}), or a single token given without braces ({@code \cite x}), whose span
 * and content are the same.
 *
 * @param optional true for a {@code [...]} argument
 * @param span     the argument with its delimiters
 * @param content  what the delimiters enclose
 * @param source   the whole source the spans point into
 */
public record TexArgument(boolean optional, TexSpan span, TexSpan content, String source) {

    /** The content as written (taken from the source only when asked, so nested arguments cost nothing). */
    public String text() {
        return content.of(source);
    }

    @Override
    public String toString() {
        return (optional ? "[" : "{") + text() + (optional ? "]" : "}");
    }
}
