package dev.paperorchestra.content.materials;

import java.util.ArrayDeque;
import java.util.Deque;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.tex.TexSpan;

/**
 * Replaces the body of one {@code \section} of a LaTeX document, leaving every other section untouched. The
 * body runs to the line of the next {@code \section}, the bibliography, an appendix or {@code \end{document}};
 * a group the old body opened and never closed (templates wrap the bibliography in {@code {\small ... }}) is
 * kept, so the document stays balanced.
 */
public final class LatexSections {

    private LatexSections() {
    }

    /**
     * @throws IllegalArgumentException when the document has no section with this title
     */
    public static String replaceBody(String document, String sectionTitle, String newBody) {
        TexDocument tex = TexDocument.parse(document);
        TexSection section = tex.sections().stream().filter(candidate -> candidate.level() == 1
                && candidate.title().strip().equals(sectionTitle.strip())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no \\section{" + sectionTitle + "} in the document"));
        int bodyStart = section.body().start();
        // a \label right after the heading belongs to it
        for (TexCommand label : tex.commands("label")) {
            if (label.start() >= bodyStart && document.substring(bodyStart, label.start()).isBlank()) {
                bodyStart = label.end();
            }
        }
        int bodyEnd = Math.max(bodyStart, section.body().end());
        String kept = unclosedTail(document.substring(bodyStart, bodyEnd));
        return TexEdits.of(tex).replace(new TexSpan(bodyStart, bodyEnd), "\n" + newBody.strip() + "\n\n" + kept)
                .apply();
    }

    /** From the line of the first brace the text opens and never closes, or "" when it is balanced. */
    static String unclosedTail(String body) {
        Deque<Integer> open = new ArrayDeque<>();
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '%') {
                int lineEnd = body.indexOf('\n', i);
                i = lineEnd < 0 ? body.length() : lineEnd;
            } else if (c == '{') {
                open.push(i);
            } else if (c == '}' && !open.isEmpty()) {
                open.pop();
            }
        }
        if (open.isEmpty()) {
            return "";
        }
        int first = open.getLast();
        return body.substring(body.lastIndexOf('\n', first) + 1);
    }

    /** Replaces the body of the abstract environment, when the document has one. */
    public static String replaceAbstract(String document, String newBody) {
        TexDocument tex = TexDocument.parse(document);
        // the environment, else the command form of OUP's classes, \abstract{...}
        return tex.abstractContent().map(span -> TexEdits.of(tex).replace(span, "\n" + newBody.strip() + "\n").apply())
                .orElse(document);
    }
}
