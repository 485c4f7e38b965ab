package dev.paperorchestra.model.tex;

import java.util.Set;

/** The citation commands of LaTeX, natbib and biblatex: the one list every cited-key count uses. */
public final class TexCitations {

    public static final Set<String> COMMANDS = Set.of("cite", "citep", "citet", "citealp", "citealt", "citeauthor",
            "citeyear", "citeyearpar", "parencite", "textcite", "autocite", "footcite", "Citet", "Citep", "Cite",
            "nocite", "smartcite", "supercite");

    private TexCitations() {
    }
}
