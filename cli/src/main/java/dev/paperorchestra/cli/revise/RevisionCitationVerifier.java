package dev.paperorchestra.cli.revise;

import dev.paperorchestra.content.revision.VerifiedWorks;
import dev.paperorchestra.literature.verify.CitationAcceptance;
import dev.paperorchestra.literature.verify.CitationVerifier;
import dev.paperorchestra.literature.verify.InMemoryScholarCache;
import dev.paperorchestra.literature.verify.ScholarSource;
import dev.paperorchestra.literature.verify.ScholarSources;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.CitationVerdict;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import dev.paperorchestra.schemas.ScholarRecord;
import dev.paperorchestra.schemas.VerifyRequestKind;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A reviewer's suggested work, verified in this JVM by the literature agent's own {@link CitationVerifier} (the same
 * title match, acceptance rules and Semantic Scholar client). What a verified record becomes in the paper is
 * {@link VerifiedWorks}', shared with the refine agent (which asks the literature agent over Kafka instead).
 */
final class RevisionCitationVerifier implements VerifiedWorks.TitleVerifier {

    private static final Logger log = LoggerFactory.getLogger(RevisionCitationVerifier.class);
    /** The literature agent's defaults (po.literature.title-similarity-threshold and year-bonus). */
    static final CitationAcceptance ACCEPTANCE = new CitationAcceptance(70, 5);

    private final CitationVerifier verifier;
    private final String paperId;
    private final AtomicInteger requests = new AtomicInteger();

    RevisionCitationVerifier(ScholarSource source, String paperId) {
        this.verifier = new CitationVerifier(new ScholarSources(records -> source, source, true),
                new InMemoryScholarCache(), ACCEPTANCE, 100, new CitationVerifier.SearchLimits(1, 1));
        this.paperId = paperId;
    }

    @Override
    public Optional<ScholarRecord> verify(String title) {
        Candidate candidate = Candidate.newBuilder().setTitle(title).setQuery(title)
                .setPurpose("a work a reviewer asked the revision to cite").build();
        CitationVerificationRequestedEvent request = CitationVerificationRequestedEvent.newBuilder()
                .setRequestId(paperId + "-revision-" + requests.incrementAndGet()).setPaperId(paperId)
                .setCandidates(List.of(candidate)).setKind(VerifyRequestKind.REFERENCES).build();
        CitationVerdict verdict = verifier.verify(request).verdicts().getFirst();
        if (!verdict.getAccepted() || verdict.getRecord() == null) {
            log.info("paper {}: a work a reviewer named was not verified ({})", paperId, verdict.getReason());
            return Optional.empty();
        }
        return Optional.of(verdict.getRecord());
    }
}
