package dev.paperorchestra.literature.drafting;

import dev.paperorchestra.runtime.errors.PermanentException;
import java.util.Collection;
import java.util.List;

/**
 * The citation rules of the literature sections: only pool keys, and at least a share of the pool. Cited keys are
 * read with the runtime's {@code LatexReferences.citeKeys}, as the writer and reviewer read them.
 */
public final class CitationCheck {

    private CitationCheck() {
    }

    /**
     * @throws PermanentException when a cited key is not in the pool, or less than {@code minShare} of the
     *                            pool is cited
     */
    public static void require(Collection<String> cited, List<String> pool, double minShare) {
        List<String> unknown = cited.stream().filter(key -> !pool.contains(key)).toList();
        if (!unknown.isEmpty()) {
            throw new PermanentException("literature draft cites keys outside citation_map.json: " + unknown);
        }
        if (!pool.isEmpty() && cited.size() < Math.ceil(minShare * pool.size())) {
            throw new PermanentException("literature draft cites " + cited.size() + " of " + pool.size()
                    + " verified papers; at least " + Math.round(minShare * 100) + "% are required");
        }
    }
}
