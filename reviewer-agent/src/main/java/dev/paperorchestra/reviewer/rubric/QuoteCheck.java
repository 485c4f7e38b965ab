package dev.paperorchestra.reviewer.rubric;

import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.text.Prose;
import java.util.List;

/**
 * Whether a quoted span is in the paper. Reviewers quote from the LaTeX or from the rendered pages, so both sides
 * are reduced to the words a reader sees (the paper by {@link TexDocument#plainText}, a quote holding LaTeX
 * likewise; lower case, letters and digits, by {@link Prose#normalised}) and the quote must appear as a
 * contiguous run of at least {@link #MIN_WORDS} words. A quote that is not found is kept and marked, never
 * dropped: the reader of the review decides what an unverifiable quote is worth.
 */
public final class QuoteCheck {

    /** Fewer words than this cannot identify a span. */
    static final int MIN_WORDS = 3;

    private final List<String> paper;

    public QuoteCheck(String tex) {
        this.paper = normalWords(TexDocument.plainText(tex));
    }

    public boolean found(String quote) {
        List<String> wanted = normalWords(Prose.plainWords(quote));
        if (wanted.size() < MIN_WORDS) {
            return false;
        }
        // Collections.indexOfSubList is quadratic in the worst case, which a paper's few thousand words allow
        return java.util.Collections.indexOfSubList(paper, wanted) >= 0;
    }

    private static List<String> normalWords(String text) {
        String normal = Prose.normalised(text);
        return normal.isEmpty() ? List.of() : List.of(normal.split(" "));
    }
}
