package dev.paperorchestra.writer.latex;

import dev.paperorchestra.content.integrity.ContentGate;
import java.util.regex.Pattern;

/** The {@code \title{...}} of a document: replaced when the template left a placeholder, added when missing. */
public final class TitleLine {

    private TitleLine() {
    }

    /**
     * @param title the new title, already LaTeX; null keeps the document as it is
     */
    public static String apply(String tex, @org.jspecify.annotations.Nullable String title) {
        if (title == null || title.isBlank()) {
            return tex;
        }
        int command = TexStructure.find(tex, "\\\\title\\s*(\\[[^\\]]*])?\\s*\\{", 0);
        if (command < 0) {
            int begin = TexStructure.find(tex, Pattern.quote(TexStructure.BEGIN_DOCUMENT), 0);
            return begin < 0 ? tex : TexStructure.insertLinesBefore(tex, begin, "\\title{" + title + "}");
        }
        int open = tex.indexOf('{', command);
        int close = TexStructure.closingBrace(tex, open);
        if (close < 0 || !isPlaceholder(tex.substring(open + 1, close - 1))) {
            return tex;
        }
        return tex.substring(0, open) + "{" + title + "}" + tex.substring(close);
    }

    /** The text of the document's {@code \\title{...}}, or null when it has none. */
    public static @org.jspecify.annotations.Nullable String of(String tex) {
        int command = TexStructure.find(tex, "\\\\title\\s*(\\[[^\\]]*])?\\s*\\{", 0);
        if (command < 0) {
            return null;
        }
        int open = tex.indexOf('{', command);
        int close = TexStructure.closingBrace(tex, open);
        return close < 0 ? null : tex.substring(open + 1, close - 1);
    }

    /** True for an empty title or one that is a template's stand-in text rather than a paper's title. */
    public static boolean isPlaceholder(String titleLatex) {
        return ContentGate.isPlaceholderTitle(titleLatex);
    }
}
