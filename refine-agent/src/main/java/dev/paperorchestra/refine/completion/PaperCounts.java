package dev.paperorchestra.refine.completion;

import dev.paperorchestra.content.materials.LatexReferences;
import java.util.regex.Pattern;

/**
 * What the final paper holds, counted on its paper.tex (never taken from the plan or an earlier draft).
 *
 * @param tables    table environments
 * @param figures   included graphics
 * @param citedKeys distinct citation keys
 */
public record PaperCounts(int tables, int figures, int citedKeys) {

    private static final Pattern TABLE = Pattern.compile("\\\\begin\\{table\\*?}");

    public static PaperCounts of(String tex) {
        String text = LatexReferences.withoutComments(tex);
        return new PaperCounts((int) TABLE.matcher(text).results().count(),
                LatexReferences.includedGraphics(text).size(), LatexReferences.citeKeys(text).size());
    }
}
