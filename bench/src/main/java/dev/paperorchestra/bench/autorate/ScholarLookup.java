package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.literature.replay.ScholarReplayStore;
import dev.paperorchestra.literature.verify.LookupKeys;
import dev.paperorchestra.literature.verify.OfflineScholarReplay;
import dev.paperorchestra.literature.verify.TitleSimilarity;
import dev.paperorchestra.schemas.ScholarRecord;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where the citation autorater resolves a reference to a Semantic Scholar record without a Semantic Scholar
 * client of its own (the deployment's request spacing belongs to its single verifier): what the verifier
 * answered for the reference list, or, offline, the case's recorded {@code scholar_records.json}.
 */
@FunctionalInterface
public interface ScholarLookup {

    /** Same threshold as the verifier: a title match counts only above it. */
    double TITLE_THRESHOLD = 70.0;

    Optional<ScholarRecord> find(BibEntry reference);

    /** Records already resolved for a reference list, by bib key. */
    static ScholarLookup resolved(Map<String, ScholarRecord> byKey) {
        return reference -> Optional.ofNullable(byKey.get(reference.key()));
    }

    /** The case's recorded Semantic Scholar answers, searched as the offline verifier searches them. */
    static ScholarLookup replay(Path scholarRecords) {
        OfflineScholarReplay replay = new OfflineScholarReplay(ScholarReplayStore.load(List.of(scholarRecords)));
        return reference -> {
            List<String> ids = Stream.concat(LookupKeys.doi(reference.doi()).stream(),
                    LookupKeys.arxiv(reference.arxivId()).stream()).toList();
            if (!ids.isEmpty()) {
                Optional<ScholarRecord> byId = replay.resolveByIds(ids).values().stream().findFirst();
                if (byId.isPresent()) {
                    return byId;
                }
            }
            return replay.matchTitle(reference.title())
                    .filter(found -> TitleSimilarity.ratio(reference.title(), found.getTitle()) > TITLE_THRESHOLD);
        };
    }

    /** This lookup, then {@code next} for what it does not know. */
    default ScholarLookup orElse(ScholarLookup next) {
        return reference -> find(reference).or(() -> next.find(reference));
    }
}
