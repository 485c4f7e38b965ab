package dev.paperorchestra.service.references;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.CitationVerdict;
import dev.paperorchestra.schemas.ScholarRecord;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class ReferenceLookupsTest {

    private static final List<ReferenceQuery> REFERENCES = List.of(
            new ReferenceQuery("found", "Deep Residual Learning", null, null),
            new ReferenceQuery("noabstract", "Batch Normalization", "10.1/bn", null),
            new ReferenceQuery("lookalike", "Attention Is All You Need", null, "1706.03762"),
            new ReferenceQuery("missing", "An Unindexed Note", null, null));

    private static CitationVerdict verdict(boolean accepted, @Nullable String rejection, @Nullable String scholarId) {
        ScholarRecord record = scholarId == null ? null : ScholarRecord.newBuilder().setScholarId(scholarId)
                .setTitle("t").setAuthors(List.of()).build();
        return CitationVerdict.newBuilder().setCandidate(Candidate.newBuilder().setTitle("t").setQuery("q")
                .setPurpose("reference").build()).setAccepted(accepted).setReason(accepted ? "verified" : "rejected")
                .setRejection(rejection).setRecord(record).build();
    }

    @Test
    void a_reference_is_the_record_it_resolved_to_unless_the_source_does_not_know_it_under_that_title() {
        var resolved = ReferenceLookups.byKey(REFERENCES, List.of(verdict(true, null, "S1"),
                verdict(false, "no-abstract", "S2"), verdict(false, "title-mismatch", "S3"),
                verdict(false, "no-match", null)));

        assertThat(resolved).containsOnlyKeys("found", "noabstract");
        assertThat(resolved.get("noabstract").getScholarId()).isEqualTo("S2");
    }

    @Test
    void an_answer_that_does_not_match_the_reference_list_is_refused() {
        assertThatThrownBy(() -> ReferenceLookups.byKey(REFERENCES, List.of(verdict(true, null, "S1"))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("1 verdicts for 4 references");
    }
}
