package dev.paperorchestra.model.tex;

import dev.paperorchestra.model.tex.TexSignature.Part;
import dev.paperorchestra.model.tex.TexToken.Kind;
import java.util.Map;

/**
 * The words a reader sees in a span of LaTeX: commands that print words keep them ({@code \textbf{x}} is x),
 * commands that print none go with their arguments ({@code \label}, {@code \cite}, {@code \includegraphics}),
 * other commands go and leave their groups' words, math stays as its content without the dollar signs,
 * comments go, escaped characters are the characters, {@code ~} and {@code \\} are spaces. Spaces collapse to one;
 * a paragraph break stays a blank line.
 */
final class TexPlainText {

    private static final Map<String, String> SYMBOLS = Map.ofEntries(Map.entry("%", "%"), Map.entry("&", "&"),
            Map.entry("$", "$"), Map.entry("#", "#"), Map.entry("_", "_"), Map.entry("{", "{"), Map.entry("}", "}"),
            Map.entry("\\", " "), Map.entry(",", " "), Map.entry(";", " "), Map.entry(":", " "), Map.entry(" ", " "),
            Map.entry("quad", " "), Map.entry("qquad", " "), Map.entry("ldots", "..."), Map.entry("dots", "..."),
            Map.entry("textendash", "–"), Map.entry("textemdash", "—"), Map.entry("S", "§"), Map.entry("-", ""),
            Map.entry("/", ""), Map.entry("@", ""), Map.entry("newline", " "), Map.entry("linebreak", " "),
            Map.entry("par", "\n\n"), Map.entry("item", " "), Map.entry("LaTeX", "LaTeX"), Map.entry("TeX", "TeX"),
            Map.entry("BibTeX", "BibTeX"), Map.entry("textbackslash", "\\"), Map.entry("textasciitilde", "~"),
            Map.entry("ss", "ß"), Map.entry("i", "i"), Map.entry("o", "ø"), Map.entry("ae", "æ"));
    /** Commands whose first argument is not text ({@code \textcolor{red}{words}}). */
    private static final Map<String, Integer> SKIPPED_FIRST = Map.of("textcolor", 1, "colorbox", 1, "href", 1,
            "resizebox", 2, "scalebox", 1, "multicolumn", 2, "multirow", 2);

    private TexPlainText() {
    }

    static String of(TexDocument document, TexSpan span) {
        return of(document, span, false);
    }

    /**
     * @param citationsShown whether a citation stands as its keys in brackets ({@code [smith20]}), as a reader sees
     *                       a citation mark: two sentences that differ only in the work they cite are two sentences
     */
    static String of(TexDocument document, TexSpan span, boolean citationsShown) {
        StringBuilder out = new StringBuilder(span.length());
        int end = document.tokenAt(span.end());
        int i = document.tokenAt(span.start());
        while (i < end && i < document.tokenCount()) {
            TexToken token = document.token(i);
            switch (token.kind()) {
                case COMMAND -> i = citationsShown && TexCitations.isCitation(token.text())
                        ? citation(document, i, end, out) : command(document, i, end, out);
                case TEXT, VERBATIM -> {
                    out.append(token.text());
                    i++;
                }
                case SPACE, ALIGN, ACTIVE -> {
                    space(out);
                    i++;
                }
                case PARAGRAPH -> {
                    paragraph(out);
                    i++;
                }
                default -> i++;
            }
        }
        return out.toString().strip();
    }

    private static int command(TexDocument document, int index, int end, StringBuilder out) {
        TexToken token = document.token(index);
        String name = token.text();
        String symbol = SYMBOLS.get(name);
        if (symbol != null) {
            if (symbol.isBlank()) {
                space(out);
            } else {
                out.append(symbol);
            }
            return index + 1;
        }
        if (name.length() == 1 && "'`^\"~=.".contains(name)) {
            // an accent: the letter it sits on follows, in braces or not
            return index + 1;
        }
        if (TexSignatures.isSilent(name)) {
            TexCommand command = document.commandAt(index, TexSignatures.of(name));
            return Math.min(end, document.tokenAt(command.end()));
        }
        TexSignature signature = TexSignatures.of(name);
        if (TexSignatures.showsText(name) || SKIPPED_FIRST.containsKey(name)) {
            // the optional arguments and non-text arguments are skipped; the text arguments are read in turn
            TexCommand command = document.commandAt(index, signature);
            int skip = SKIPPED_FIRST.getOrDefault(name, 0);
            int next = index + 1;
            int mandatory = 0;
            int position = 0;
            for (Part part : signature.parts()) {
                if (part == Part.STAR) {
                    continue;
                }
                TexArgument argument = command.argument(position++).orElse(null);
                if (argument == null) {
                    continue;
                }
                if (argument.optional() || part == Part.MANDATORY && mandatory++ < skip) {
                    next = document.tokenAt(argument.span().end());
                } else {
                    break;
                }
            }
            if (SKIPPED_FIRST.containsKey(name) && signature.parts().isEmpty()) {
                return index + 1;
            }
            return Math.max(next, index + 1);
        }
        return index + 1;
    }

    private static int citation(TexDocument document, int index, int end, StringBuilder out) {
        TexCommand command = document.commandAt(index, TexSignatures.of("cite"));
        space(out);
        out.append('[').append(String.join(",", TexLists.split(command.lastText()))).append(']');
        return Math.min(end, Math.max(index + 1, document.tokenAt(command.end())));
    }

    private static void space(StringBuilder out) {
        if (!out.isEmpty() && !Character.isWhitespace(out.charAt(out.length() - 1))) {
            out.append(' ');
        }
    }

    private static void paragraph(StringBuilder out) {
        while (!out.isEmpty() && out.charAt(out.length() - 1) == ' ') {
            out.setLength(out.length() - 1);
        }
        int length = out.length();
        if (length > 0 && !(length >= 2 && out.charAt(length - 1) == '\n' && out.charAt(length - 2) == '\n')) {
            out.append("\n\n");
        }
    }
}
