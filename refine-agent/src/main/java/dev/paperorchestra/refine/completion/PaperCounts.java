package dev.paperorchestra.refine.completion;

import dev.paperorchestra.model.tex.TexDocument;

/**
 * What the final paper holds, counted on its paper.tex (never taken from the plan or an earlier draft).
 *
 * @param tables    table environments
 * @param figures   included graphics
 * @param citedKeys distinct citation keys
 */
public record PaperCounts(int tables, int figures, int citedKeys) {

    public static PaperCounts of(String tex) {
        TexDocument document = TexDocument.parse(tex);
        return new PaperCounts(document.environments("table", "table*").size(),
                document.commands("includegraphics").size(), citedKeys(document));
    }

    /** Distinct keys cited; {@code \nocite{*}} names every entry, no key. */
    static int citedKeys(TexDocument document) {
        return (int) document.citedKeys().stream().filter(key -> !key.equals("*")).count();
    }
}
