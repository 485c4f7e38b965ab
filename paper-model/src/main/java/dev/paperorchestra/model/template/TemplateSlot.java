package dev.paperorchestra.model.template;

import dev.paperorchestra.model.tex.TexSpan;
import java.util.Optional;

/**
 * One slot of a template.
 *
 * @param kind    what it is for
 * @param name    the command or environment that makes it ({@code author}, {@code IEEEkeywords},
 *                {@code acmConference}, {@code section} for an acknowledgements section)
 * @param span    what removing the slot removes, from the backslash to the end of its last argument or
 *                {@code \end{...}}
 * @param content what filling it replaces (the argument or the environment's content), when it has one
 */
public record TemplateSlot(SlotKind kind, String name, TexSpan span, Optional<TexSpan> content) {

    public boolean contains(TemplateSlot other) {
        return span.contains(other.span) && !equals(other);
    }
}
