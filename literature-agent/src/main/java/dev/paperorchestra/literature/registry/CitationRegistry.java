package dev.paperorchestra.literature.registry;

import dev.paperorchestra.literature.verify.LookupKeys;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.CitationVerdict;
import dev.paperorchestra.schemas.ScholarRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The citation pool of a paper: accepted verdicts collapsed to one entry per paper (same Semantic Scholar
 * id, else same DOI, else same arXiv id), each under a unique cite key, plus the rejected candidates.
 * Entries are ordered by key, so the pool does not depend on the order verdicts arrived in.
 */
public final class CitationRegistry {

    private final List<RegistryEntry> entries;
    private final List<Rejection> rejected;

    private CitationRegistry(List<RegistryEntry> entries, List<Rejection> rejected) {
        this.entries = List.copyOf(entries);
        this.rejected = List.copyOf(rejected);
    }

    public static CitationRegistry build(List<CitationVerdict> verdicts) {
        List<Paper> papers = new ArrayList<>();
        Map<String, Paper> byScholarId = new HashMap<>();
        Map<String, Paper> byDoi = new HashMap<>();
        Map<String, Paper> byArxiv = new HashMap<>();
        List<Rejection> rejected = new ArrayList<>();
        for (CitationVerdict verdict : verdicts) {
            Candidate candidate = verdict.getCandidate();
            ScholarRecord record = verdict.getRecord();
            if (!verdict.getAccepted() || record == null) {
                rejected.add(new Rejection(candidate.getTitle(), candidate.getQuery(), verdict.getReason(),
                        verdict.getRejection()));
                continue;
            }
            Optional<String> doi = LookupKeys.doi(record.getDoi());
            Optional<String> arxiv = LookupKeys.arxiv(record.getArxivId());
            Paper paper = Optional.ofNullable(byScholarId.get(record.getScholarId()))
                    .or(() -> doi.map(byDoi::get))
                    .or(() -> arxiv.map(byArxiv::get))
                    .orElse(null);
            if (paper == null) {
                paper = new Paper(record, new ArrayList<>());
                papers.add(paper);
            }
            paper.foundBy().add(candidate);
            byScholarId.putIfAbsent(record.getScholarId(), paper);
            Paper found = paper;
            doi.ifPresent(key -> byDoi.putIfAbsent(key, found));
            arxiv.ifPresent(key -> byArxiv.putIfAbsent(key, found));
        }
        papers.sort(Comparator.comparing((Paper paper) -> CiteKeys.base(paper.record()))
                .thenComparing(paper -> paper.record().getScholarId()));
        Set<String> used = new HashSet<>();
        List<RegistryEntry> entries = new ArrayList<>();
        for (Paper paper : papers) {
            String key = CiteKeys.unique(CiteKeys.base(paper.record()), used);
            used.add(key);
            entries.add(new RegistryEntry(key, paper.record(), paper.foundBy()));
        }
        rejected.sort(Comparator.comparing(Rejection::title).thenComparing(Rejection::query));
        return new CitationRegistry(entries, rejected);
    }

    /**
     * The pool without the papers a person took out at the citations gate, each recorded among the rejected with
     * why, so citation_map.json says what was removed and by whom. Keys are those of the whole pool: removing one
     * paper never renames another.
     *
     * @param removed cite keys of this pool (the service accepted only those)
     * @param why     the reason recorded for each, e.g. "removed at the citations gate by alice"
     */
    public CitationRegistry without(List<String> removed, String why) {
        if (removed.isEmpty()) {
            return this;
        }
        Set<String> out = new HashSet<>(removed);
        List<Rejection> rejections = new ArrayList<>(rejected);
        List<RegistryEntry> kept = new ArrayList<>();
        for (RegistryEntry entry : entries) {
            if (out.contains(entry.key())) {
                rejections.add(new Rejection(entry.record().getTitle(), String.join("; ", entry.queries()), why,
                        REMOVED_BY_APPROVER));
            } else {
                kept.add(entry);
            }
        }
        return new CitationRegistry(kept, rejections);
    }

    /** The rejection category of a paper taken out of the pool by a person. */
    public static final String REMOVED_BY_APPROVER = "removed-at-approval";

    public List<RegistryEntry> entries() {
        return entries;
    }

    public List<Rejection> rejected() {
        return rejected;
    }

    public List<String> keys() {
        return entries.stream().map(RegistryEntry::key).toList();
    }

    public int size() {
        return entries.size();
    }

    private record Paper(ScholarRecord record, List<Candidate> foundBy) {
    }
}
