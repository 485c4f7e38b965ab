package dev.paperorchestra.literature.verify;

import dev.paperorchestra.literature.text.ScholarIds;
import dev.paperorchestra.literature.text.Titles;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Keys of scholarly lookups: {@code title:<normalised title>}, {@code doi:<lower-case doi>},
 * {@code arxiv:<id without version>}, {@code s2:<Semantic Scholar paperId>}. They key the scholar cache and the collector's duplicate check.
 */
public final class LookupKeys {

    private LookupKeys() {
    }

    public static String title(String title) {
        return "title:" + Titles.normalise(title);
    }

    public static Optional<String> doi(@Nullable String doi) {
        if (doi == null || doi.isBlank()) {
            return Optional.empty();
        }
        return Optional.of("doi:" + ScholarIds.doi(doi).toLowerCase(Locale.ROOT));
    }

    public static Optional<String> arxiv(@Nullable String arxivId) {
        if (arxivId == null || arxivId.isBlank()) {
            return Optional.empty();
        }
        return Optional.of("arxiv:" + ScholarIds.withoutVersion(ScholarIds.arxiv(arxivId)).toLowerCase(Locale.ROOT));
    }

    public static Optional<String> s2(@Nullable String paperId) {
        return paperId == null || paperId.isBlank() ? Optional.empty() : Optional.of("s2:" + paperId.strip());
    }
}
