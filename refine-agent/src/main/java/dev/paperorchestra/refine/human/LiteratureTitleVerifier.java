package dev.paperorchestra.refine.human;

import dev.paperorchestra.content.revision.VerifiedWorks;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.runtime.kafka.VerifierRoundTrip;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.CitationVerdict;
import dev.paperorchestra.schemas.ScholarRecord;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A reviewer's suggested work verified by the deployment's literature agent, the one verifier there is, in the
 * same round trip the paper service uses for a human paper's references ({@link VerifierRoundTrip}). Agents do
 * not import each other and only the literature agent talks to Semantic Scholar, so the look-up keeps its rate
 * limit, retries, key and {@code scholar-cache}.
 */
public final class LiteratureTitleVerifier implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LiteratureTitleVerifier.class);

    private final VerifierRoundTrip verifier;

    /**
     * @param clientConfig the deployment's Kafka client settings (at least the bootstrap servers)
     * @param timeout      how long one look-up waits for its answer, queue included
     */
    public LiteratureTitleVerifier(Map<String, Object> clientConfig, Duration timeout, Clock clock) {
        this.verifier = new VerifierRoundTrip(clientConfig, timeout, clock);
    }

    /** The verifier of one paper's revision. */
    public VerifiedWorks.TitleVerifier forPaper(String paperId) {
        return title -> verify(paperId, title);
    }

    /** @throws RetriableException when the literature agent has not answered within the timeout */
    Optional<ScholarRecord> verify(String paperId, String title) {
        Candidate candidate = Candidate.newBuilder().setTitle(title).setQuery(title)
                .setPurpose("a work a reviewer asked the revision to cite").build();
        List<CitationVerdict> verdicts = verifier.ask(paperId, paperId + "/revision-" + UUID.randomUUID(),
                List.of(candidate));
        if (verdicts.isEmpty() || !verdicts.getFirst().getAccepted() || verdicts.getFirst().getRecord() == null) {
            log.info("paper {}: a work a reviewer named was not verified ({})", paperId,
                    verdicts.isEmpty() ? "no verdict" : verdicts.getFirst().getReason());
            return Optional.empty();
        }
        return Optional.of(verdicts.getFirst().getRecord());
    }

    @Override
    public void close() {
        verifier.close();
    }
}
