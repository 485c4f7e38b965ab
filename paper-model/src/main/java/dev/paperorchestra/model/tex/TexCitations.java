package dev.paperorchestra.model.tex;

import java.util.Set;

/** The citation commands of LaTeX, natbib and biblatex: the one list every cited-key count uses. */
public final class TexCitations {

    public static final Set<String> COMMANDS = Set.of("cite", "citep", "citet", "citealp", "citealt", "citeauthor",
            "citeyear", "citeyearpar", "parencite", "textcite", "autocite", "footcite", "Citet", "Citep", "Cite",
            "nocite", "smartcite", "supercite");

    private TexCitations() {
    }

    /** Whether a command cites: one of {@link #COMMANDS} or any name holding "cite" but not a style setting. */
    public static boolean isCitation(String name) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        return COMMANDS.contains(name) || lower.contains("cite") && !lower.endsWith("style")
                && !lower.startsWith("bibitem");
    }
}
