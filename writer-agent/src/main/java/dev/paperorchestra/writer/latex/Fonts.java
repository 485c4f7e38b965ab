package dev.paperorchestra.writer.latex;

import dev.paperorchestra.model.tex.DocumentClass;
import dev.paperorchestra.model.tex.PackageUse;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import java.util.Optional;
import java.util.Set;

/**
 * Scalable fonts where the writer can choose them, so the PDF has no Type 3 (bitmap) fonts: pdfLaTeX sets
 * Computer Modern in the T1 encoding from METAFONT bitmaps unless the cm-super fonts are installed, and such text
 * blurs when zoomed and copies badly ("21–59" as "2159"). A document of a Computer Modern class (article, llncs,
 * elsarticle, ...) that loads no font package gets {@code \\usepackage[T1]{fontenc}} with Latin Modern
 * ({@code lmodern}), the same design in Type 1; a document of any other class that asks for T1 without a font
 * package gets Latin Modern beside it. A class that sets its own fonts (acmart's Libertine, IEEEtran's Times) or
 * a template that loads a font package is left as it is: its fonts are the venue's look.
 */
public final class Fonts {

    /** Classes that typeset in Computer Modern unless told otherwise. */
    private static final Set<String> COMPUTER_MODERN_CLASSES = Set.of("article", "report", "book", "llncs",
            "elsarticle", "amsart", "amsbook", "amsproc", "scrartcl", "scrreprt", "scrbook", "extarticle",
            "memoir", "svjour3", "svmult", "letter", "proc", "revtex4-1", "revtex4-2", "aiaa-tc", "jmlr",
            // OUP's authoring class: Computer Modern, with a text-companion glyph in its journal line
            "oup-authoring-template");
    /** Classes that set fonts of their own. */
    private static final Set<String> FONT_CLASSES = Set.of("acmart", "IEEEtran", "IEEEconf", "sig-alternate",
            "aa", "cas-sc", "cas-dc", "sn-jnl", "wlscirep", "Definitions",
            // Quantum's class refuses font packages: its own look is set in the class
            "quantumarticle");
    /** Packages that give text scalable fonts (or choose system fonts) in any encoding. */
    private static final Set<String> FONT_PACKAGES = Set.of("lmodern", "mlmodern", "times", "mathptmx",
            "newtxtext", "newtxmath", "libertine", "libertinus", "libertinust1math", "palatino", "mathpazo",
            "newpxtext", "newpxmath", "helvet", "charter", "XCharter", "fourier", "kpfonts", "txfonts", "pxfonts",
            "tgtermes", "tgpagella", "tgheros", "tgschola", "tgbonum", "cochineal", "ebgaramond", "garamondx",
            "sourceserifpro", "crimson", "baskervillef", "stix", "stix2", "utopia", "mathdesign", "bookman",
            "fontspec", "cmbright", "lato", "opensans", "fbb", "ae", "aecompl", "cmlgc", "lxfonts", "concrete");

    private Fonts() {
    }

    /** The document with scalable fonts chosen where that is the writer's to choose; else as it was. */
    public static String scalable(String tex) {
        TexDocument document = TexDocument.parse(tex);
        Optional<DocumentClass> documentClass = document.documentClass();
        if (documentClass.isEmpty() || FONT_CLASSES.contains(documentClass.get().name())) {
            return tex;
        }
        int begin = document.preamble().end();
        boolean fontPackage = false;
        Optional<PackageUse> t1 = Optional.empty();
        for (PackageUse use : document.packages()) {
            if (use.command().start() >= begin) {
                continue;
            }
            fontPackage |= FONT_PACKAGES.contains(use.name());
            if (use.name().equals("fontenc") && use.options().contains("T1")) {
                t1 = Optional.of(use);
            }
        }
        if (fontPackage) {
            return tex;
        }
        TexEdits edits = TexEdits.of(document);
        if (t1.isPresent()) {
            edits.insert(t1.get().command().end(), "\n\\usepackage{lmodern}% scalable T1 fonts (added by the writer)");
        } else if (COMPUTER_MODERN_CLASSES.contains(documentClass.get().name())) {
            edits.insert(documentClass.get().command().end(), "\n\\usepackage[T1]{fontenc}\n"
                    + "\\usepackage{lmodern}% scalable T1 fonts (added by the writer)");
        }
        return edits.isEmpty() ? tex : edits.apply();
    }
}
