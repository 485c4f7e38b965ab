package dev.paperorchestra.model.tex;

/**
 * An environment that opens and closes: {@code \begin{name} ... \end{name}}.
 *
 * @param name    its name, e.g. {@code figure*}
 * @param begin   the {@code \begin} command
 * @param end     the {@code \end} command
 * @param span    from {@code \begin} to the end of {@code \end{name}}
 * @param content between the two
 */
public record TexEnvironment(String name, TexCommand begin, TexCommand end, TexSpan span, TexSpan content) {
}
