package dev.paperorchestra.content.revision;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The offline verifier: a work a point names is found in an already-verified bibliography (the paper's own, then
 * any extra verified one) by the names the point uses ({@link WorkNames}): a coined name ("ZoeDepth") in the entry's
 * title, the first author with the year ("Anil et al., 2019"; a year that differs rules the entry out, so "Bhat et
 * al., 2023" is not the same author's 2021 paper), a capitalised word leading the title ("Adafactor"). A point that
 * identifies its work by a coined name or an author-year citation is matched by them only, so a work nobody verified
 * is never replaced by a cited one on the same topic. Any other point, or a title, is matched by shared content
 * words: two, one of them from the title, or the first author's surname and a title word. Nothing is looked up
 * anywhere else.
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
        WorkNames named = WorkNames.of(pointText);
        Optional<VerifiedCitation> byName = byName(named);
        if (byName.isPresent() || named.identifies()) {
            return byName;
        }
        Optional<VerifiedCitation> own = best(paper, pointText, false);
        return own.isPresent() ? own : best(extra, pointText, true);
    }

    /** The most surely named entry, the paper's own on a tie. */
    private Optional<VerifiedCitation> byName(WorkNames named) {
        VerifiedCitation best = null;
        int strongest = 0;
        for (List<BibEntries.Entry> entries : List.of(paper, extra)) {
            for (BibEntries.Entry entry : entries) {
                int strength = named.strength(entry);
                if (strength > strongest) {
                    best = new VerifiedCitation(entry.key(), entry.title(), entry.text(), entries == extra);
                    strongest = strength;
                }
            }
        }
        return Optional.ofNullable(best);
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
