package dev.paperorchestra.service.references;

import org.jspecify.annotations.Nullable;

/**
 * One entry of a reference list to look up: its key in the list and what the verifier resolves it by.
 *
 * @param key     the entry's key (a BibTeX key), unique in its list
 * @param title   the title as the list gives it
 * @param doi     the DOI when the list gives one
 * @param arxivId the arXiv id when the list gives one
 */
public record ReferenceQuery(String key, String title, @Nullable String doi, @Nullable String arxivId) {

    public ReferenceQuery {
        if (key.isBlank() || title.isBlank()) {
            throw new IllegalArgumentException("a reference needs a key and a title");
        }
    }
}
