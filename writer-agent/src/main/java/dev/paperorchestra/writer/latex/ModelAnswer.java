package dev.paperorchestra.writer.latex;

import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.gateway.FencedBlocks;
import dev.paperorchestra.content.materials.LatexTemplate;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A model's paper.tex read back: the fenced LaTeX block, which must be a complete document, with the venue's
 * preamble restored as it was (a model may not change fonts, margins or the document class), except a template's
 * placeholder title, which gives way to the title the model wrote. Packages a
 * written table or figure legitimately needs, from a short list that does not change the layout, are kept.
 */
public final class ModelAnswer {

    /** Packages a model may add: they provide table and math commands and leave fonts and spacing alone. */
    private static final Set<String> ADDABLE_PACKAGES = Set.of("amsmath", "amssymb", "amsfonts", "bm", "booktabs",
            "multirow", "makecell", "array", "xcolor", "graphicx", "subcaption", "threeparttable", "siunitx",
            "mathtools", "algorithm", "algorithmic", "algpseudocode", "url");

    private ModelAnswer() {
    }

    /**
     * @param answer   the model's answer
     * @param original the document the model was given (its preamble is kept)
     * @return the document, or empty when the answer holds no complete LaTeX document
     */
    public static Optional<String> read(String answer, String original) {
        String tex = FencedBlocks.extract(answer, "latex");
        try {
            LatexTemplate.parse(tex);
        } catch (InvalidMaterialsException e) {
            return Optional.empty();
        }
        int answerBegin = tex.indexOf(TexStructure.BEGIN_DOCUMENT);
        int originalBegin = original.indexOf(TexStructure.BEGIN_DOCUMENT);
        if (answerBegin < 0 || originalBegin < 0) {
            return Optional.of(BibliographyCommands.ensure(tex));
        }
        List<String> added = new java.util.ArrayList<>(List.of("graphicx", "booktabs"));
        Preamble.loadedPackages(tex).stream().filter(ADDABLE_PACKAGES::contains).forEach(added::add);
        String restored = original.substring(0, originalBegin) + tex.substring(answerBegin);
        // the venue's preamble stays, but a template's placeholder title gives way to the one the model wrote
        String written = TitleLine.of(tex.substring(0, answerBegin));
        if (written != null && !TitleLine.isPlaceholder(written)) {
            restored = TitleLine.apply(restored, written);
        }
        return Optional.of(Preamble.ensurePackages(BibliographyCommands.ensure(restored), added));
    }
}
