package dev.paperorchestra.model.tex;

import java.util.List;
import java.util.Optional;

/**
 * How a document sets its references.
 *
 * @param files    the .bib files named by {@code \bibliography} or {@code \addbibresource}
 * @param style    the {@code \bibliographystyle}, when one is named
 * @param list     a {@code thebibliography} environment written into the document
 * @param items    the {@code \bibitem}s of that environment
 * @param commands every bibliography command, in order
 */
public record Bibliography(List<String> files, Optional<String> style, Optional<TexEnvironment> list,
        List<TexCommand> items, List<TexCommand> commands) {

    public Bibliography {
        files = List.copyOf(files);
        items = List.copyOf(items);
        commands = List.copyOf(commands);
    }

    /** Whether the document sets references at all. */
    public boolean present() {
        return !files.isEmpty() || list.isPresent() || !commands.isEmpty();
    }
}
