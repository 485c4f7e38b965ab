package dev.paperorchestra.writer.latex;

import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import java.util.Optional;

/** Small structural facts about a LaTeX document, read from its {@link TexDocument}. */
public final class TexStructure {

    public static final String BEGIN_DOCUMENT = "\\begin{document}";
    public static final String END_DOCUMENT = "\\end{document}";

    private TexStructure() {
    }

    /** Where the first structural use of any of the commands stands at or after an offset. */
    public static Optional<TexCommand> firstAfter(TexDocument document, int from, String... names) {
        return document.commands(names).stream().filter(command -> command.start() >= from).findFirst();
    }

    /**
     * Where the back matter begins: the first {@code \bibliographystyle}, {@code \bibliography},
     * {@code \printbibliography} or {@code \appendix} in the body, else {@code \end{document}}, else the end.
     */
    public static int backMatterStart(TexDocument document) {
        return firstAfter(document, document.bodyStart(), "bibliographystyle", "bibliography", "printbibliography",
                "appendix", "appendices").map(TexCommand::start).orElse(document.bodyEnd());
    }

    /** Inserts text on its own line(s) right before the line holding {@code index}. */
    public static String insertLinesBefore(String tex, int index, String lines) {
        int lineStart = tex.lastIndexOf('\n', index - 1) + 1;
        if (!tex.substring(lineStart, index).isBlank()) {
            // something else ends on the line ("\\end{abstract}\\section{Method}"): the lines go right before index
            return tex.substring(0, index) + "\n" + lines.strip() + "\n" + tex.substring(index);
        }
        return tex.substring(0, lineStart) + lines.strip() + "\n" + tex.substring(lineStart);
    }
}
