package dev.paperorchestra.literature.drafting;

import dev.paperorchestra.runtime.errors.PermanentException;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The citation rules of the literature sections: only pool keys, and at least a share of the pool. */
public final class CitationCheck {

    private static final Pattern CITE = Pattern.compile(
            "\\\\(?:cite|citep|citet|citealp|citeauthor|citeyear)\\*?(?:\\[[^\\]]*])*\\{([^}]*)}");

    private CitationCheck() {
    }

    /** Every key cited in the text, in order of first use. */
    public static Set<String> citedKeys(String latex) {
        Set<String> keys = new LinkedHashSet<>();
        Matcher cite = CITE.matcher(latex);
        while (cite.find()) {
            Arrays.stream(cite.group(1).split(",")).map(String::strip).filter(key -> !key.isEmpty())
                    .forEach(keys::add);
        }
        return keys;
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
