package dev.paperorchestra.content.revision;

import java.util.Optional;

/**
 * Finds a verified reference for the work a review point names. Offline, {@link BibliographyCitations} looks in
 * bibliographies already verified; a later implementation asks the literature agent's verifier (Semantic Scholar),
 * so a reviewer's suggestion is cited only when it resolves to a real paper.
 */
public interface CitationLookup {

    Optional<VerifiedCitation> find(String pointText);

    /**
     * @param key      its cite key
     * @param title    its title
     * @param entry    the BibTeX entry
     * @param newEntry true when the paper's bibliography lacks the entry (the revision adds it)
     */
    record VerifiedCitation(String key, String title, String entry, boolean newEntry) {
    }
}
