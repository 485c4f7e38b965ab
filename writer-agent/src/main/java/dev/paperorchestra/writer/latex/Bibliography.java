package dev.paperorchestra.writer.latex;

import dev.paperorchestra.content.materials.LatexReferences;
import java.util.regex.Pattern;

/**
 * The bibliography commands the compile needs: {@code \bibliography{references}} (the file the literature agent
 * wrote) with a {@code \bibliographystyle}, added before the appendix or {@code \end{document}} when missing.
 * A biblatex document ({@code \printbibliography}) is left alone.
 */
public final class Bibliography {

    public static final String FILE = "references";

    private Bibliography() {
    }

    public static String ensure(String tex) {
        String code = LatexReferences.withoutComments(tex);
        if (code.contains("\\printbibliography")) {
            return tex;
        }
        String style = Preamble.loadedPackages(tex).contains("natbib") ? "plainnat" : "plain";
        int existing = TexStructure.find(tex, "\\\\bibliography\\{", 0);
        if (existing >= 0) {
            int open = tex.indexOf('{', existing);
            int close = tex.indexOf('}', open);
            String fixed = tex.substring(open + 1, close).strip().equals(FILE) ? tex
                    : tex.substring(0, open + 1) + FILE + tex.substring(close);
            return code.contains("\\bibliographystyle{") ? fixed
                    : TexStructure.insertLinesBefore(fixed, existing, "\\bibliographystyle{" + style + "}");
        }
        String commands = (code.contains("\\bibliographystyle{") ? "" : "\\bibliographystyle{" + style + "}\n")
                + "\\bibliography{" + FILE + "}";
        int begin = Math.max(0, tex.indexOf(TexStructure.BEGIN_DOCUMENT));
        int appendix = TexStructure.find(tex, "\\\\appendix\\b", begin);
        int end = TexStructure.find(tex, Pattern.quote(TexStructure.END_DOCUMENT), begin);
        int at = appendix >= 0 ? appendix : end;
        return at < 0 ? tex + "\n" + commands + "\n" : TexStructure.insertLinesBefore(tex, at, commands + "\n");
    }
}
