package dev.paperorchestra.writer.latex;

import dev.paperorchestra.model.tex.TexArgument;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import java.util.Optional;

/**
 * The bibliography commands the compile needs: {@code \bibliography{references}} (the file the literature agent
 * wrote) with a {@code \bibliographystyle}, added before the appendix or {@code \end{document}} when missing.
 * A biblatex document ({@code \printbibliography}) reads {@code references.bib} through {@code \addbibresource}.
 */
public final class BibliographyCommands {

    public static final String FILE = "references";

    private BibliographyCommands() {
    }

    /**
     * Classes that name the bibliography style themselves (jmlr's plainnat, REVTeX's own): a second
     * {@code \\bibliographystyle} is a BibTeX error ("another \\bibstyle command").
     */
    private static final java.util.Set<String> STYLED_BY_CLASS = java.util.Set.of("jmlr", "revtex4-1", "revtex4-2");

    public static String ensure(String tex) {
        TexDocument document = TexDocument.parse(tex);
        TexEdits edits = TexEdits.of(document);
        if (!document.commands("printbibliography").isEmpty()) {
            for (TexCommand resource : document.commands("addbibresource")) {
                pointAt(edits, resource, FILE + ".bib");
            }
            return edits.isEmpty() ? tex : edits.apply();
        }
        String style = Preamble.loadedPackages(document).contains("natbib") ? "plainnat" : "plain";
        boolean styled = !document.commands("bibliographystyle").isEmpty() || document.documentClass()
                .map(documentClass -> STYLED_BY_CLASS.contains(documentClass.name())).orElse(false);
        Optional<TexCommand> existing = document.first("bibliography");
        if (existing.isPresent()) {
            pointAt(edits, existing.get(), FILE);
            String fixed = edits.isEmpty() ? tex : edits.apply();
            return styled ? fixed
                    : TexStructure.insertLinesBefore(fixed, existing.get().start(), "\\bibliographystyle{" + style + "}");
        }
        String commands = (styled ? "" : "\\bibliographystyle{" + style + "}\n") + "\\bibliography{" + FILE + "}";
        int at = TexStructure.firstAfter(document, document.bodyStart(), "appendix", "appendices")
                .map(TexCommand::start).orElse(document.environment("document").isPresent() ? document.bodyEnd() : -1);
        return at < 0 ? tex + "\n" + commands + "\n" : TexStructure.insertLinesBefore(tex, at, commands + "\n");
    }

    private static void pointAt(TexEdits edits, TexCommand command, String file) {
        Optional<TexArgument> argument = command.arguments().stream().filter(a -> a != null && !a.optional())
                .reduce((first, second) -> second);
        if (argument.isPresent() && !argument.get().text().strip().equals(file)) {
            edits.replace(argument.get().content(), file);
        }
    }
}
