package dev.paperorchestra.reviewer.revision;

import dev.paperorchestra.content.revision.AddressedScore;
import dev.paperorchestra.content.revision.Edit;
import dev.paperorchestra.content.revision.EditDecision;
import dev.paperorchestra.content.revision.RevisionFiles;
import dev.paperorchestra.content.revision.RevisionMaterials;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.RevisionEditedEvent;
import dev.paperorchestra.schemas.RevisionScoredEvent;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.type.TypeReference;

/**
 * Re-scores a revised paper against the one submitted, with the review points' own check ("is this point now
 * addressed?", {@link AddressedScore}): every point whose kept edits are in the paper counts one, less the
 * citation-gate and numeric-fidelity findings. The same check kept each edit during the revision; here it is taken
 * over the whole paper, by the agent that scores papers, so a revision that ends below the submitted paper is
 * visible on its own (revision/rescore.json and the paper's timeline).
 */
public final class RevisionRescore {

    public static final String METHOD = "addressed-points";

    private final BlobStore blobs;

    public RevisionRescore(BlobStore blobs) {
        this.blobs = blobs;
    }

    public RevisionScoredEvent rescore(RevisionEditedEvent edited) {
        String submitted = blobs.getText(file(edited.getRequest().getPaperFiles(), edited.getMainTex()));
        String revisedName = Path.of(edited.getMainTex()).getFileName().toString();
        String revised = blobs.getText(file(edited.getArtifacts(), revisedName));
        String bibliography = optional(edited.getArtifacts(), "references.bib").map(blobs::getText).orElse("");
        List<RevisionFiles.EditEntry> entries = Json.mapper().readValue(blobs.get(file(edited.getArtifacts(),
                "revision/edits.json")), new TypeReference<List<RevisionFiles.EditEntry>>() { });
        List<Edit> kept = entries.stream().filter(entry -> entry.outcome() == EditDecision.Outcome.KEPT)
                .map(entry -> new Edit(entry.pointId(), entry.section(), entry.before(), entry.after(),
                        entry.evidence(), entry.bibEntry())).toList();
        RevisionMaterials materials = new RevisionMaterials(submitted, bibliography,
                material(edited, "experimental_log.md"), material(edited, "idea.md"));
        AddressedScore score = new AddressedScore(materials);
        double before = score.score(submitted, kept);
        double after = score.score(revised, kept);
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("paperId", edited.getRequest().getPaperId());
        report.put("method", METHOD);
        report.put("label", "offline heuristic: points whose kept edits are in the paper, less citation and "
                + "numeric-fidelity findings; no model");
        report.put("submittedScore", before);
        report.put("revisedScore", after);
        report.put("keptEdits", kept.stream().map(Edit::pointId).distinct().toList());
        report.put("notWorse", after >= before);
        ArtifactRef ref = blobs.putText(Json.mapper().writeValueAsString(report) + "\n", MediaTypes.JSON);
        return RevisionScoredEvent.newBuilder().setEdited(edited).setMethod(METHOD).setSubmittedScore(before)
                .setRevisedScore(after).setReport(ref).build();
    }

    private String material(RevisionEditedEvent edited, String name) {
        return optional(edited.getRequest().getMaterials(), name).map(blobs::getText).orElse("");
    }

    private static ArtifactRef file(List<NamedArtifact> files, String name) {
        return optional(files, name).orElseThrow(() -> new PermanentException("the revision has no " + name));
    }

    private static Optional<ArtifactRef> optional(List<NamedArtifact> files, String name) {
        return files.stream().filter(file -> file.getName().equals(name)).map(NamedArtifact::getArtifact)
                .findFirst();
    }
}
