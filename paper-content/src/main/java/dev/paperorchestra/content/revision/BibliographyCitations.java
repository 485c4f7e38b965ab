package dev.paperorchestra.content.revision;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The offline verifier: a named work is found when an entry of an already-verified bibliography (the paper's own,
 * then any extra verified one) shares at least two content words with the point, one of them from its title,
 * or its first author's surname and a title word. Nothing is looked up anywhere else.
 */
public final class BibliographyCitations implements CitationLookup {

    private final List<BibEntries.Entry> paper;
    private final List<BibEntries.Entry> extra;

    /**
     * @param paperBibliography the paper's references.bib
     * @param verifiedExtra     more verified entries a revision may add, "" when none
     */
    public BibliographyCitations(String paperBibliography, String verifiedExtra) {
        this.paper = BibEntries.of(paperBibliography);
        this.extra = BibEntries.of(verifiedExtra);
    }

    @Override
    public Optional<VerifiedCitation> find(String pointText) {
        Optional<VerifiedCitation> own = best(paper, pointText, false);
        return own.isPresent() ? own : best(extra, pointText, true);
    }

    /**
     * The entry of a bibliography whose title is the given title (case, braces, punctuation and spacing aside): a
     * work verified elsewhere that the paper already has under its own key.
     */
    public static Optional<VerifiedCitation> sameTitle(String bibliography, String title) {
        String wanted = plain(title);
        return BibEntries.of(bibliography).stream().filter(entry -> !wanted.isEmpty()
                        && plain(entry.title()).equals(wanted)).findFirst()
                .map(entry -> new VerifiedCitation(entry.key(), entry.title(), entry.text(), false));
    }

    private static String plain(String title) {
        return title.replaceAll("\\\\[a-zA-Z]+|[^\\p{L}\\p{N}]+", " ").strip().replaceAll("\\s+", " ")
                .toLowerCase(java.util.Locale.ROOT);
    }

    private static Optional<VerifiedCitation> best(List<BibEntries.Entry> entries, String pointText,
            boolean newEntry) {
        Set<String> point = Terms.of(pointText);
        BibEntries.Entry best = null;
        int bestScore = 0;
        for (BibEntries.Entry entry : entries) {
            Set<String> title = Terms.of(entry.title());
            title.retainAll(point);
            boolean author = !entry.surnames().isEmpty() && point.contains(entry.surnames().getFirst());
            int score = title.size() + (author ? 1 : 0);
            if (!title.isEmpty() && score >= 2 && score > bestScore) {
                best = entry;
                bestScore = score;
            }
        }
        return Optional.ofNullable(best).map(entry -> new VerifiedCitation(entry.key(), entry.title(), entry.text(),
                newEntry));
    }
}
