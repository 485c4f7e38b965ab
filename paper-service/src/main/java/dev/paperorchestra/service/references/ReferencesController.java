package dev.paperorchestra.service.references;

import dev.paperorchestra.runtime.kafka.PaperIds;
import dev.paperorchestra.service.references.ReferenceLookups;
import dev.paperorchestra.service.references.ReferenceQuery;
import dev.paperorchestra.schemas.ScholarRecord;
import dev.paperorchestra.service.PaperServiceProperties;
import dev.paperorchestra.service.auth.Caller;
import dev.paperorchestra.service.auth.PaperAccess;
import dev.paperorchestra.service.auth.Role;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * HTTP wiring of the reference look-up po bench --server uses for citation F1: the list goes to the
 * deployment's single verifier (its request spacing and its scholar cache) and the records it resolved come back.
 * It spends the verifier's shared request budget, so it needs the submit role.
 */
@RestController
class ReferencesController {

    private final ReferenceLookups lookups;
    private final PaperServiceProperties properties;

    ReferencesController(ReferenceLookups lookups, PaperServiceProperties properties) {
        this.lookups = lookups;
        this.properties = properties;
    }

    /** The request body: who the look-up is for (a paper id, used as the record key) and the list. */
    record LookupRequest(String paperId, List<Reference> references) {
    }

    record Reference(String key, String title, @Nullable String doi, @Nullable String arxivId) {
    }

    /** What a reference resolved to: the fields citation F1 and a reader need. */
    record Resolved(String scholarId, String title, @Nullable Integer year, @Nullable String doi,
            @Nullable String arxivId) {
    }

    record LookupResponse(Map<String, Resolved> resolved) {
    }

    @PostMapping("/references")
    LookupResponse lookUp(@RequestBody LookupRequest request, Caller caller) {
        PaperAccess.require(caller, Role.SUBMIT, "a reference look-up");
        if (request.paperId() == null) {
            throw new IllegalArgumentException("give the paperId the look-up is for");
        }
        PaperIds.requireValid(request.paperId());
        if (request.references() == null || request.references().size() > properties.maxReferences()) {
            throw new IllegalArgumentException("give between 0 and " + properties.maxReferences() + " references");
        }
        List<ReferenceQuery> queries = request.references().stream()
                .map(reference -> new ReferenceQuery(reference.key(), reference.title(), reference.doi(),
                        reference.arxivId())).toList();
        Map<String, Resolved> resolved = new LinkedHashMap<>();
        lookups.resolve(request.paperId(), queries).forEach((key, record) -> resolved.put(key, resolved(record)));
        return new LookupResponse(resolved);
    }

    private static Resolved resolved(ScholarRecord record) {
        return new Resolved(record.getScholarId(), record.getTitle(), record.getYear(), record.getDoi(),
                record.getArxivId());
    }
}
