package dev.paperorchestra.cli.revise;

import dev.paperorchestra.content.revision.BibliographyCitations;
import dev.paperorchestra.content.revision.CitationLookup;
import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.literature.registry.BibtexWriter;
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
import java.text.Normalizer;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A reviewer's suggested work, verified by the literature agent's own {@link CitationVerifier} (the same title
 * match, acceptance rules and Semantic Scholar client) before the revision may cite it. A verified work the paper's
 * bibliography already holds keeps the paper's key; any other gets a new entry written from the verified record by
 * the literature agent's {@link BibtexWriter}, never from the model's text. A work that does not verify is not cited.
 */
final class RevisionCitationVerifier implements CitationLookup {

    private static final Logger log = LoggerFactory.getLogger(RevisionCitationVerifier.class);
    /** The literature agent's defaults (po.literature.title-similarity-threshold and year-bonus). */
    static final CitationAcceptance ACCEPTANCE = new CitationAcceptance(70, 5);

    private final CitationVerifier verifier;
    private final String paperId;
    private final String bibliography;
    private final AtomicInteger requests = new AtomicInteger();

    RevisionCitationVerifier(ScholarSource source, String paperId, String bibliography) {
        this.verifier = new CitationVerifier(new ScholarSources(records -> source, source, true),
                new InMemoryScholarCache(), ACCEPTANCE, 100, new CitationVerifier.SearchLimits(1, 1));
        this.paperId = paperId;
        this.bibliography = bibliography;
    }

    @Override
    public Optional<VerifiedCitation> find(String work) {
        String title = work.strip();
        if (title.isEmpty()) {
            return Optional.empty();
        }
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
        ScholarRecord record = verdict.getRecord();
        Optional<VerifiedCitation> own = BibliographyCitations.sameTitle(bibliography, record.getTitle());
        if (own.isPresent()) {
            return own;
        }
        String key = key(record, LatexReferences.bibKeys(bibliography));
        return Optional.of(new VerifiedCitation(key, record.getTitle(), BibtexWriter.entryText(key, record), true));
    }

    /** surname, year and the title's first word ("fedus2022switch"), made unique against the paper's keys. */
    static String key(ScholarRecord record, Set<String> taken) {
        String surname = record.getAuthors().isEmpty() ? "anonymous" : ascii(lastWord(record.getAuthors().getFirst()));
        String word = ascii(record.getTitle().split("\\s+")[0]);
        String base = (surname.isEmpty() ? "work" : surname) + (record.getYear() == null ? "" : record.getYear())
                + word;
        String key = base;
        for (int n = 2; taken.contains(key); n++) {
            key = base + n;
        }
        return key;
    }

    private static String lastWord(String name) {
        String[] words = name.strip().split("\\s+");
        return words[words.length - 1];
    }

    private static String ascii(String text) {
        return Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("[^A-Za-z0-9]", "")
                .toLowerCase(Locale.ROOT);
    }
}
