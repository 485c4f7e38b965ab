package dev.paperorchestra.service.references;

import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.runtime.kafka.VerifierRoundTrip;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.CitationVerdict;
import dev.paperorchestra.schemas.ScholarRecord;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Resolves a reference list through the deployment's single verifier: one request of kind
 * {@code REFERENCES} on {@code citation-verify-requests}, answered on {@code citation-verify-results}. The
 * look-ups therefore queue behind the papers' own, keep the deployment's one request per second, are answered
 * from {@code scholar-cache} where any paper already looked them up, and leave their answers there for the next
 * case. The literature collector ignores answers of this kind.
 */
public final class ReferenceLookups implements AutoCloseable {

    private static final Set<String> NOT_FOUND = Set.of("no-match", "title-mismatch");

    private final VerifierRoundTrip verifier;

    /**
     * @param clientConfig the deployment's Kafka client settings (at least the bootstrap servers)
     * @param timeout      how long one case waits for its answer, queue included
     */
    public ReferenceLookups(Map<String, Object> clientConfig, Duration timeout, Clock clock) {
        this.verifier = new VerifierRoundTrip(clientConfig, timeout, clock);
    }

    /**
     * The record each reference resolved to, by its bib key; a reference the source does not know, or knows
     * under a different title, is absent.
     *
     * @throws RetriableException when the verifier has not answered within the timeout (it may be behind a long
     *                            queue, or down)
     */
    public Map<String, ScholarRecord> resolve(String paperId, List<ReferenceQuery> references) {
        if (references.isEmpty()) {
            return Map.of();
        }
        List<Candidate> candidates = references.stream().map(reference -> Candidate.newBuilder()
                .setTitle(reference.title()).setDoi(reference.doi()).setArxivId(reference.arxivId())
                .setQuery("reference " + reference.key()).setPurpose("reference").build()).toList();
        // no cutoff: the human paper's references are looked up as they are, not judged against a deadline
        return byKey(references, verifier.ask(paperId, paperId + "/references-" + UUID.randomUUID(), candidates));
    }

    /** The verifier answers one verdict per candidate, in the request's order. */
    static Map<String, ScholarRecord> byKey(List<ReferenceQuery> references, List<CitationVerdict> verdicts) {
        if (verdicts.size() != references.size()) {
            throw new IllegalStateException("the verifier answered " + verdicts.size() + " verdicts for "
                    + references.size() + " references");
        }
        Map<String, ScholarRecord> resolved = new HashMap<>();
        for (int i = 0; i < references.size(); i++) {
            CitationVerdict verdict = verdicts.get(i);
            // a reference without an abstract, or after some cutoff, is still the paper it names
            if (verdict.getRecord() != null && (verdict.getAccepted() || verdict.getRejection() == null
                    || !NOT_FOUND.contains(verdict.getRejection()))) {
                resolved.putIfAbsent(references.get(i).key(), verdict.getRecord());
            }
        }
        return Map.copyOf(resolved);
    }

    @Override
    public void close() {
        verifier.close();
    }
}
