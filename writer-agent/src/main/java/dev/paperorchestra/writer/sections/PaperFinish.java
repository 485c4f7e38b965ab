package dev.paperorchestra.writer.sections;

import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.writer.latex.BibliographyCommands;
import dev.paperorchestra.writer.latex.Fonts;
import dev.paperorchestra.writer.latex.Preamble;
import dev.paperorchestra.writer.tables.NumericFidelity;
import java.util.ArrayList;
import java.util.List;

/** The last touches every written paper gets, whoever wrote its sections, and the fidelity check. */
final class PaperFinish {

    private PaperFinish() {
    }

    /**
     * @param math true when the text keeps LaTeX math from the materials (amsmath and amssymb are then loaded)
     */
    static WrittenPaper finish(String tex, List<MarkdownTable> tables, int figureCount, boolean math) {
        List<String> packages = new ArrayList<>(List.of("graphicx", "booktabs"));
        if (math) {
            packages.addAll(List.of("amsmath", "amssymb"));
        }
        String finished = Fonts.scalable(Preamble.ensurePackages(BibliographyCommands.ensure(tex), packages));
        return new WrittenPaper(finished, tables.size(), figureCount, NumericFidelity.check(tables, finished));
    }
}
