package dev.paperorchestra.literature.verify;

import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.CitationVerdict;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import dev.paperorchestra.schemas.ScholarRecord;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Resolves a request's candidates against the scholarly source and judges them. Candidates carrying a DOI
 * or arXiv id are resolved together in id batches (one request per batch); the rest, and those whose ids
 * are unknown, one title lookup each, never twice for the same title.
 */
public final class CitationVerifier {

    private final ScholarSource source;
    private final AcceptanceRules rules;
    private final int idBatchSize;

    public CitationVerifier(ScholarSource source, AcceptanceRules rules, int idBatchSize) {
        this.source = source;
        this.rules = rules;
        this.idBatchSize = idBatchSize;
    }

    public String sourceName() {
        return source.name();
    }

    public Outcome verify(CitationVerificationRequestedEvent request) {
        LocalDate cutoff = AcceptanceRules.cutoff(request.getCutoffDate());
        List<Lookup> lookups = new ArrayList<>();
        int requests = 0;

        List<String> idKeys = request.getCandidates().stream().flatMap(CitationVerifier::idKeys).distinct().toList();
        Map<String, ScholarRecord> byId = new HashMap<>();
        for (int from = 0; from < idKeys.size(); from += idBatchSize) {
            List<String> batch = idKeys.subList(from, Math.min(idKeys.size(), from + idBatchSize));
            Map<String, ScholarRecord> found = source.resolveByIds(batch);
            requests++;
            byId.putAll(found);
            batch.forEach(key -> lookups.add(new Lookup(key, found.get(key))));
        }

        Map<String, Optional<ScholarRecord>> byTitle = new HashMap<>();
        List<CitationVerdict> verdicts = new ArrayList<>();
        for (Candidate candidate : request.getCandidates()) {
            ScholarRecord record = idKeys(candidate).map(byId::get).filter(Objects::nonNull).findFirst()
                    .orElse(null);
            if (record == null) {
                String titleKey = LookupKeys.title(candidate.getTitle());
                if (!byTitle.containsKey(titleKey)) {
                    Optional<ScholarRecord> match = source.matchTitle(candidate.getTitle());
                    requests++;
                    byTitle.put(titleKey, match);
                    lookups.add(new Lookup(titleKey, match.orElse(null)));
                }
                record = byTitle.get(titleKey).orElse(null);
            }
            verdicts.add(verdict(candidate, record, cutoff));
        }
        return new Outcome(verdicts, lookups, requests);
    }

    private CitationVerdict verdict(Candidate candidate, @Nullable ScholarRecord record, @Nullable LocalDate cutoff) {
        if (record == null) {
            return CitationVerdict.newBuilder().setCandidate(candidate).setAccepted(false)
                    .setReason("no match in " + source.name()).build();
        }
        Verdict verdict = rules.judge(candidate, record, cutoff);
        return CitationVerdict.newBuilder().setCandidate(candidate).setAccepted(verdict.accepted())
                .setReason(verdict.reason()).setTitleSimilarity(verdict.similarity()).setRecord(record).build();
    }

    private static Stream<String> idKeys(Candidate candidate) {
        return Stream.concat(LookupKeys.doi(candidate.getDoi()).stream(),
                LookupKeys.arxiv(candidate.getArxivId()).stream());
    }

    /** One answer of the source, for the scholar cache. */
    public record Lookup(String key, @Nullable ScholarRecord record) {

        public boolean found() {
            return record != null;
        }
    }

    /**
     * What a request cost and decided.
     *
     * @param verdicts one per candidate, in request order
     * @param lookups  every answer the source gave, in the order asked
     * @param requests requests made to the source
     */
    public record Outcome(List<CitationVerdict> verdicts, List<Lookup> lookups, int requests) {

        public Outcome {
            verdicts = List.copyOf(verdicts);
            lookups = List.copyOf(lookups);
        }
    }
}
