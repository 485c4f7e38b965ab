package dev.paperorchestra.model.tex;

/**
 * One token of LaTeX source, with where it stands in the source.
 *
 * @param kind  what TeX would make of it
 * @param start offset of its first character
 * @param end   offset past its last character
 * @param text  for a {@link Kind#COMMAND} its name without the backslash ({@code section}, {@code %} for
 *              {@code \%}); otherwise the characters as written
 */
public record TexToken(Kind kind, int start, int end, String text) {

    /** The kinds of token, after TeX's default category codes (with {@code @} a letter where it is). */
    public enum Kind {
        /** A control word ({@code \section}) or control symbol ({@code \%}, {@code \\}). */
        COMMAND,
        BEGIN_GROUP,
        END_GROUP,
        /** {@code $} or {@code $$}. */
        MATH_SHIFT,
        ALIGN,
        PARAMETER,
        SUPERSCRIPT,
        SUBSCRIPT,
        /** {@code ~}. */
        ACTIVE,
        /** A run of ordinary characters; {@code [} and {@code ]} always stand alone (optional arguments). */
        TEXT,
        /** Spaces, tabs and at most one line end. */
        SPACE,
        /** A blank line (or several): a paragraph break. */
        PARAGRAPH,
        /** From {@code %} to the end of its line (the line end is not part of it). */
        COMMENT,
        /** What a verbatim environment, {@code \verb} or {@code \lstinline} holds, untokenized. */
        VERBATIM
    }

    public boolean is(Kind other) {
        return kind == other;
    }

    /** True for the command {@code \name}. */
    public boolean isCommand(String name) {
        return kind == Kind.COMMAND && text.equals(name);
    }

    /** True for a TEXT token that is exactly this text (e.g. {@code [}). */
    public boolean isText(String other) {
        return kind == Kind.TEXT && text.equals(other);
    }

    /** Spaces, line ends, paragraph breaks and comments: what argument scanning passes over. */
    public boolean isBlank() {
        return kind == Kind.SPACE || kind == Kind.COMMENT;
    }
}
