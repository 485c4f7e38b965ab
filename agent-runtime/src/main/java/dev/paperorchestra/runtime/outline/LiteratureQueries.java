package dev.paperorchestra.runtime.outline;

import java.util.Collection;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The literature queries an outline implies, as both the outline agent (which announces their number) and
 * the literature agent (which runs them) must agree on them.
 */
public final class LiteratureQueries {

    private LiteratureQueries() {
    }

    /** What to search for a citation hint: the quoted name, the parenthesised exact title, or the hint. */
    public static String forCitationHint(String hint) {
        return CitationHint.parse(hint).query();
    }

    /** True the first time a query is seen (case-insensitive, blank queries never count). */
    public static boolean isNew(String query, Set<String> seen) {
        return !query.isBlank() && seen.add(query.strip().toLowerCase(Locale.ROOT));
    }

    /** How many distinct queries these are. */
    public static int distinctCount(Collection<String> queries) {
        Set<String> seen = new HashSet<>();
        return (int) queries.stream().filter(query -> isNew(query, seen)).count();
    }
}
