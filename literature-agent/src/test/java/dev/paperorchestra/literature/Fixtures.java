package dev.paperorchestra.literature;

import dev.paperorchestra.literature.plan.Purpose;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.CitationVerdict;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.ScholarRecord;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Small builders for the records the literature tests pass around. */
public final class Fixtures {

    public static final Instant SUBMITTED = Instant.parse("2025-01-10T09:00:00Z");

    private Fixtures() {
    }

    public static ScholarRecord.Builder record(String scholarId, String title) {
        return ScholarRecord.newBuilder().setScholarId(scholarId).setTitle(title).setAuthors(List.of("Ada Lovelace"))
                .setYear(2020).setPublicationDate("2020-06-01").setAbstractText("An abstract.")
                .setVenue("Computer Vision and Pattern Recognition").setCitationCount(10);
    }

    public static Candidate.Builder candidate(String title) {
        return Candidate.newBuilder().setTitle(title).setQuery("query for " + title)
                .setPurpose(Purpose.INTRODUCTION);
    }

    public static CitationVerdict accepted(Candidate candidate, ScholarRecord record) {
        return CitationVerdict.newBuilder().setCandidate(candidate).setAccepted(true).setReason("verified")
                .setTitleSimilarity(100.0).setRecord(record).build();
    }

    public static CitationVerdict rejected(Candidate candidate, String reason) {
        return CitationVerdict.newBuilder().setCandidate(candidate).setAccepted(false).setReason(reason).build();
    }

    public static CitationVerdict rejected(Candidate candidate, String category, String reason) {
        return CitationVerdict.newBuilder(rejected(candidate, reason)).setRejection(category).build();
    }

    public static ArtifactRef ref(String name) {
        return ArtifactRef.newBuilder().setUri("file:///blobs/" + name).setSha256(name).setSizeBytes(1)
                .setMediaType("text/plain").build();
    }

    public static PaperContext context(String paperId, @Nullable String cutoff) {
        Materials materials = Materials.newBuilder().setSourceDirectory("materials").setIdea(ref("idea"))
                .setExperimentalLog(ref("log")).setTemplate(ref("template")).setGuidelines(ref("guidelines"))
                .build();
        return PaperContext.newBuilder().setPaperId(paperId).setSubmittedAt(SUBMITTED).setMaterials(materials)
                .setOptions(JobOptions.newBuilder().setCutoffDate(cutoff).setLlmMode(LlmMode.OFFLINE).build())
                .setOutline(ref("outline")).build();
    }
}
