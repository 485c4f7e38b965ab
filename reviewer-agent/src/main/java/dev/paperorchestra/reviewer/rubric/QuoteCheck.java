package dev.paperorchestra.reviewer.rubric;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a quoted span is in the paper. Reviewers quote from the LaTeX or from the rendered pages, so both sides
 * are reduced to their words (lower case, LaTeX command names and markup dropped) and the quote must appear as a
 * contiguous run of at least {@link #MIN_WORDS} words. A quote that is not found is kept and marked, never
 * dropped: the reader of the review decides what an unverifiable quote is worth.
 */
public final class QuoteCheck {

    /** Fewer words than this cannot identify a span. */
    static final int MIN_WORDS = 3;

    private static final Pattern COMMAND = Pattern.compile("\\\\[A-Za-z@]+\\*?");
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");

    private final List<String> paper;

    public QuoteCheck(String tex) {
        this.paper = words(tex);
    }

    public boolean found(String quote) {
        List<String> wanted = words(quote);
        if (wanted.size() < MIN_WORDS) {
            return false;
        }
        // Collections.indexOfSubList is quadratic in the worst case, which a paper's few thousand words allow
        return java.util.Collections.indexOfSubList(paper, wanted) >= 0;
    }

    static List<String> words(String text) {
        String plain = COMMAND.matcher(text).replaceAll(" ");
        List<String> words = new ArrayList<>();
        Matcher matcher = WORD.matcher(plain.toLowerCase(Locale.ROOT));
        while (matcher.find()) {
            words.add(matcher.group());
        }
        return words;
    }
}
