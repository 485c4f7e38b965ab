package dev.paperorchestra.writer.latex;

import dev.paperorchestra.content.integrity.ContentGate;
import dev.paperorchestra.model.tex.TexArgument;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** The {@code \title{...}} of a document: replaced when the template left a placeholder, added when missing. */
public final class TitleLine {

    private TitleLine() {
    }

    /**
     * @param title the new title, already LaTeX; null keeps the document as it is
     */
    public static String apply(String tex, @Nullable String title) {
        if (title == null || title.isBlank()) {
            return tex;
        }
        TexDocument document = TexDocument.parse(tex);
        Optional<TexArgument> written = titleArgument(document);
        if (written.isEmpty()) {
            if (document.environment("document").isEmpty()) {
                return tex;
            }
            return TexStructure.insertLinesBefore(tex, document.preamble().end(), "\\title{" + title + "}");
        }
        if (!isPlaceholder(written.get().text())) {
            return tex;
        }
        return TexEdits.of(document).replace(written.get().span(), "{" + title + "}").apply();
    }

    /** The text of the document's {@code \\title{...}}, or null when it has none. */
    public static @Nullable String of(String tex) {
        return titleArgument(TexDocument.parse(tex)).map(TexArgument::text).orElse(null);
    }

    private static Optional<TexArgument> titleArgument(TexDocument document) {
        return document.title().flatMap(TitleLine::lastMandatory);
    }

    private static Optional<TexArgument> lastMandatory(TexCommand command) {
        for (int i = command.arguments().size() - 1; i >= 0; i--) {
            TexArgument argument = command.arguments().get(i);
            if (argument != null && !argument.optional()) {
                return Optional.of(argument);
            }
        }
        return Optional.empty();
    }

    /** True for an empty title or one that is a template's stand-in text rather than a paper's title. */
    public static boolean isPlaceholder(String titleLatex) {
        return ContentGate.isPlaceholderTitle(titleLatex);
    }
}
