package dev.paperorchestra.literature.drafting;

import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.tex.TexToken;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.base.errors.PermanentException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The citation rules of the literature sections: only pool keys, at least a share of the pool, and no
 * paragraph that merely lists leftover papers to reach that share. The LaTeX is read by the paper model's
 * {@link TexDocument}: paragraphs, cited keys and the words a reader sees, as every other reader reads them.
 */
public final class CitationCheck {

    /** A paragraph citing this many keys or more is looked at for padding. */
    static final int PADDING_MIN_KEYS = 5;
    /** Fewer words of its own per cited key than this make such a paragraph a list, not a discussion. */
    static final double PADDING_WORDS_PER_KEY = 6.0;

    private CitationCheck() {
    }

    /**
     * @throws PermanentException when a cited key is not in the pool, or less than {@code minShare} of the
     *                            pool is cited
     */
    public static void require(Collection<String> cited, List<String> pool, double minShare) {
        List<String> unknown = unknown(cited, pool);
        if (!unknown.isEmpty()) {
            throw new PermanentException("literature draft cites keys outside citation_map.json: " + unknown);
        }
        if (shortOfShare(cited, pool, minShare)) {
            throw new PermanentException("literature draft cites " + cited.size() + " of " + pool.size()
                    + " verified papers; at least " + Math.round(minShare * 100) + "% are required");
        }
    }

    static List<String> unknown(Collection<String> cited, List<String> pool) {
        return cited.stream().filter(key -> !pool.contains(key)).toList();
    }

    static List<String> missing(Collection<String> cited, List<String> pool) {
        return pool.stream().filter(key -> !cited.contains(key)).toList();
    }

    static boolean shortOfShare(Collection<String> cited, List<String> pool, double minShare) {
        long inPool = cited.stream().filter(pool::contains).count();
        return !pool.isEmpty() && inPool < Math.ceil(minShare * pool.size());
    }

    /**
     * Paragraphs of the LaTeX that cite many papers with hardly a word about them: the signature of a
     * paragraph padded with leftovers. Returned abbreviated, for the redraft request and the failure message.
     */
    static List<String> paddingParagraphs(String latex) {
        TexDocument document = TexDocument.parse(latex);
        List<String> padded = new ArrayList<>();
        for (TexSpan span : paragraphs(document)) {
            TexDocument paragraph = TexDocument.parse(withoutComments(document, span));
            int keys = paragraph.citedKeys().size();
            if (keys < PADDING_MIN_KEYS) {
                continue;
            }
            // the words a reader sees: cite commands print none of their keys
            int words = Prose.wordCount(paragraph.plainText(new TexSpan(0, paragraph.source().length())));
            if (words < PADDING_WORDS_PER_KEY * keys) {
                String flat = Prose.oneLine(paragraph.source());
                padded.add(flat.length() <= 80 ? flat : flat.substring(0, 80) + "...");
            }
        }
        return padded;
    }

    /** The source of a span without its comments. */
    private static String withoutComments(TexDocument document, TexSpan span) {
        StringBuilder text = new StringBuilder(span.length());
        int from = span.start();
        for (TexToken token : document.tokens()) {
            if (token.is(TexToken.Kind.COMMENT) && token.start() >= span.start() && token.end() <= span.end()) {
                text.append(document.source(), from, token.start());
                from = token.end();
            }
        }
        return text.append(document.source(), from, span.end()).toString();
    }

    /** The spans between the document's paragraph breaks (a blank line outside comments). */
    private static List<TexSpan> paragraphs(TexDocument document) {
        List<TexSpan> spans = new ArrayList<>();
        int start = 0;
        for (TexToken token : document.tokens()) {
            if (token.is(TexToken.Kind.PARAGRAPH)) {
                spans.add(new TexSpan(start, token.start()));
                start = token.end();
            }
        }
        spans.add(new TexSpan(start, document.source().length()));
        return spans;
    }
}
