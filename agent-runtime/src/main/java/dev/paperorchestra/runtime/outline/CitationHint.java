package dev.paperorchestra.runtime.outline;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A citation hint of the outline (SPEC step 1), read once for the outline's own check and for the literature
 * queries it implies: {@code research paper or technical report introducing '<exact name>'}, {@code Author (Exact
 * Title)}, or free text a model wrote instead.
 */
public sealed interface CitationHint {

    /** The prefix of the form for a name whose authors and title are not certain. */
    String INTRODUCING = "research paper or technical report introducing ";

    /** What the literature agent searches for: the name, the exact title, or the hint as written. */
    String query();

    /**
     * Whether the hint is written exactly in one of the outline's two forms (the quotes that count are the first
     * and the last, so a name may hold an apostrophe: "Callaway-Sant'Anna estimator").
     */
    boolean wellFormed();

    /** {@code ... introducing '<name>'}. */
    record Introducing(String name, boolean wellFormed) implements CitationHint {
        @Override
        public String query() {
            return name;
        }
    }

    /** {@code Author (Exact Title)}. */
    record AuthorTitle(String authors, String title, boolean wellFormed) implements CitationHint {
        @Override
        public String query() {
            return title;
        }
    }

    /** A hint in neither form. */
    record Free(String text) implements CitationHint {
        @Override
        public String query() {
            return text;
        }

        @Override
        public boolean wellFormed() {
            return false;
        }
    }

    /** Reads a hint; a quoted name after "introducing" or a parenthesised title at the end is found leniently. */
    static CitationHint parse(String hint) {
        String text = hint.strip();
        CitationHint introducing = introducing(text);
        if (introducing != null) {
            return introducing;
        }
        CitationHint authorTitle = authorTitle(text);
        return authorTitle != null ? authorTitle : new Free(text);
    }

    /** A quoted name after the word "introducing", closed by the hint's last quote (a full stop may follow). */
    private static @Nullable Introducing introducing(String text) {
        String word = "introducing";
        String lower = text.toLowerCase(Locale.ROOT);
        int end = text.length();
        if (end > 0 && text.charAt(end - 1) == '.') {
            end = stripEnd(text, end - 1);
        }
        if (end == 0 || "'\"’”".indexOf(text.charAt(end - 1)) < 0) {
            return null;
        }
        for (int at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) {
            int open = at + word.length();
            if (open >= text.length() || !Character.isWhitespace(text.charAt(open))) {
                continue;
            }
            while (open < text.length() && Character.isWhitespace(text.charAt(open))) {
                open++;
            }
            if (open < end - 1 && "'\"‘“".indexOf(text.charAt(open)) >= 0) {
                String name = text.substring(open + 1, end - 1);
                if (!name.isBlank()) {
                    boolean exact = text.startsWith(INTRODUCING + "'") && text.endsWith("'")
                            && open == INTRODUCING.length() && name.charAt(0) != '\''
                            && !Character.isWhitespace(name.charAt(name.length() - 1));
                    return new Introducing(name.strip(), exact);
                }
            }
        }
        return null;
    }

    /** Authors without parentheses, then the exact title in parentheses that close the hint. */
    private static @Nullable AuthorTitle authorTitle(String text) {
        int open = text.indexOf('(');
        if (open <= 0 || !text.endsWith(")") || text.lastIndexOf(')', open) >= 0) {
            return null;
        }
        String authors = text.substring(0, open);
        String title = text.substring(open + 1, text.length() - 1);
        if (authors.isBlank() || title.isBlank()) {
            return null;
        }
        boolean exact = text.charAt(open - 1) == ' ' && hasLetter(authors) && hasLetter(title);
        return new AuthorTitle(authors.strip(), title.strip(), exact);
    }

    private static boolean hasLetter(String text) {
        return text.chars().anyMatch(Character::isLetter);
    }

    private static int stripEnd(String text, int end) {
        int i = end;
        while (i > 0 && Character.isWhitespace(text.charAt(i - 1))) {
            i--;
        }
        return i;
    }
}
