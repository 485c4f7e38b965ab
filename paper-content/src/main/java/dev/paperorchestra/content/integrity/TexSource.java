package dev.paperorchestra.content.integrity;

import dev.paperorchestra.content.materials.LatexReferences;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A paper.tex prepared for the gates: comments blanked (offsets and lines kept), landmarks located. */
final class TexSource {

    private static final Pattern BEGIN_DOCUMENT = Pattern.compile("\\\\begin\\{document}");
    private static final Pattern BACK_MATTER = Pattern.compile(
            "\\\\bibliographystyle\\{|\\\\bibliography\\{|\\\\begin\\{thebibliography}|\\\\end\\{document}");
    private static final Pattern APPENDIX = Pattern.compile("\\\\appendix\\b|\\\\section\\*?\\{\\s*Appendi");
    private static final Pattern CONCLUSION = Pattern.compile("(?i)\\\\section\\*?\\{[^}]*conclu");

    final String text;

    TexSource(String tex) {
        this.text = LatexReferences.withoutComments(tex);
    }

    /** Where the document body starts (after {@code \begin{document}}), 0 when there is none. */
    int bodyStart() {
        Matcher matcher = BEGIN_DOCUMENT.matcher(text);
        return matcher.find() ? matcher.end() : 0;
    }

    /** Where the main text ends: the bibliography or {@code \end{document}}. */
    int bodyEnd() {
        Matcher matcher = BACK_MATTER.matcher(text);
        return matcher.find(bodyStart()) ? matcher.start() : text.length();
    }

    /** Where the appendix starts, or -1. */
    int appendixStart() {
        Matcher matcher = APPENDIX.matcher(text);
        return matcher.find(bodyStart()) ? matcher.start() : -1;
    }

    /** Where the conclusion section starts, or -1. */
    int conclusionStart() {
        Matcher matcher = CONCLUSION.matcher(text);
        return matcher.find(bodyStart()) ? matcher.start() : -1;
    }

    /** 1-based line of an offset. */
    int lineOf(int offset) {
        int line = 1;
        for (int i = 0; i < offset && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }
}
