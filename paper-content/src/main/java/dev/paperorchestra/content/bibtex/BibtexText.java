package dev.paperorchestra.content.bibtex;

import dev.paperorchestra.model.tex.LatexText;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Field values for references.bib. BibTeX counts every brace, escaped or not, so literal braces become
 * {@code \textbraceleft{}} / {@code \textbraceright{}}; every other LaTeX special character is escaped.
 */
public final class BibtexText {

    private BibtexText() {
    }

    public static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '{' -> out.append("\\textbraceleft{}");
                case '}' -> out.append("\\textbraceright{}");
                case '\n', '\r', '\t' -> out.append(' ');
                default -> out.append(LatexText.escape(String.valueOf(c)));
            }
        }
        return out.toString().replaceAll(" {2,}", " ").strip();
    }

    /** An escaped title with every word that holds a capital braced, so bibliography styles keep its case. */
    public static String title(String title) {
        return Arrays.stream(escape(title).split(" "))
                .map(word -> word.chars().anyMatch(Character::isUpperCase) ? "{" + word + "}" : word)
                .collect(Collectors.joining(" "));
    }

    /** A value that must stay verbatim (DOI, arXiv id): only what would break the file is removed. */
    public static String verbatim(String text) {
        return text.replaceAll("[{}\\s]", "");
    }
}
