package dev.paperorchestra.model.tex;

import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One use of a command with the arguments its {@link TexSignature} reads: {@code \section*[Short]{Title}}.
 *
 * @param name      the command's name without the backslash
 * @param token     index of the command's token in its document
 * @param span      from the backslash to the end of its last argument read
 * @param starred   whether a star followed the name
 * @param arguments one entry per non-star part of the signature, null where an optional one is absent (or a
 *                  mandatory one is missing at the end of the source)
 */
public record TexCommand(String name, int token, TexSpan span, boolean starred,
        List<@Nullable TexArgument> arguments) {

    public TexCommand {
        arguments = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(arguments));
    }

    /** The argument at a position (0-based over optional and mandatory arguments), when given. */
    public Optional<TexArgument> argument(int index) {
        return index < arguments.size() ? Optional.ofNullable(arguments.get(index)) : Optional.empty();
    }

    /** The last argument's text: for most commands the one that matters ({@code \section[s]{Title}}). */
    public String lastText() {
        for (int i = arguments.size() - 1; i >= 0; i--) {
            TexArgument argument = arguments.get(i);
            if (argument != null && !argument.optional()) {
                return argument.text();
            }
        }
        return "";
    }

    /** The text of the argument at a position, or "" when absent. */
    public String text(int index) {
        return argument(index).map(TexArgument::text).orElse("");
    }

    public int start() {
        return span.start();
    }

    public int end() {
        return span.end();
    }
}
