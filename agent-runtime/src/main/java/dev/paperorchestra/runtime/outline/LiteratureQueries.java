package dev.paperorchestra.runtime.outline;

import java.util.Collection;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The literature queries an outline implies, as both the outline agent (which announces their number) and
 * the literature agent (which runs them) must agree on them.
 */
public final class LiteratureQueries {

    /** {@code research paper or technical report introducing '<name>'}: the name is the query. */
    private static final Pattern INTRODUCING = Pattern.compile(
            "introducing\\s+['\"‘“](.+)['\"’”]\\s*\\.?\\s*$", Pattern.CASE_INSENSITIVE);
    /** {@code Author (Exact Title)}: the title is the query. */
    private static final Pattern AUTHOR_TITLE = Pattern.compile("^[^()]+\\((.+)\\)\\s*$");

    private LiteratureQueries() {
    }

    /** What to search for a citation hint: the quoted name, the parenthesised exact title, or the hint. */
    public static String forCitationHint(String hint) {
        Matcher introducing = INTRODUCING.matcher(hint.strip());
        if (introducing.find()) {
            return introducing.group(1).strip();
        }
        Matcher authorTitle = AUTHOR_TITLE.matcher(hint.strip());
        if (authorTitle.matches()) {
            return authorTitle.group(1).strip();
        }
        return hint.strip();
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
