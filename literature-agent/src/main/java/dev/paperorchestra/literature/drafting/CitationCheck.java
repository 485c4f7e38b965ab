package dev.paperorchestra.literature.drafting;

import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.content.materials.LatexReferences;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The citation rules of the literature sections: only pool keys, at least a share of the pool, and no
 * paragraph that merely lists leftover papers to reach that share. Cited keys are read with the runtime's
 * {@code LatexReferences.citeKeys}, as the writer and reviewer read them.
 */
public final class CitationCheck {

    /** A paragraph citing this many keys or more is looked at for padding. */
    static final int PADDING_MIN_KEYS = 5;
    /** Fewer words of its own per cited key than this make such a paragraph a list, not a discussion. */
    static final double PADDING_WORDS_PER_KEY = 6.0;

    private static final Pattern CITE_COMMAND = Pattern.compile("\\\\[A-Za-z]*cite[A-Za-z]*\\*?(\\[[^]]*])*\\{[^}]*}");
    private static final Pattern PARAGRAPH_BREAK = Pattern.compile("\\n\\s*\\n");

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
        List<String> padded = new ArrayList<>();
        for (String paragraph : PARAGRAPH_BREAK.split(LatexReferences.withoutComments(latex))) {
            int keys = LatexReferences.citeKeys(paragraph).size();
            if (keys < PADDING_MIN_KEYS) {
                continue;
            }
            String prose = CITE_COMMAND.matcher(paragraph).replaceAll(" ").replaceAll("\\\\[A-Za-z]+", " ");
            long words = Pattern.compile("\\s+").splitAsStream(prose.strip()).filter(word -> word.matches(".*\\p{L}.*"))
                    .count();
            if (words < PADDING_WORDS_PER_KEY * keys) {
                String flat = paragraph.strip().replaceAll("\\s+", " ");
                padded.add(flat.length() <= 80 ? flat : flat.substring(0, 80) + "...");
            }
        }
        return padded;
    }
}
