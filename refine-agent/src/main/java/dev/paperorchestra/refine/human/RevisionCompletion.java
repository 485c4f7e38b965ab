package dev.paperorchestra.refine.human;

import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.RevisionCompletedEvent;
import dev.paperorchestra.schemas.RevisionEditedEvent;
import dev.paperorchestra.schemas.RevisionScoredEvent;
import java.util.ArrayList;
import java.util.List;

/** The last step of a revision: its outputs and the reviewer agent's re-score become the paper's files. */
public final class RevisionCompletion {

    static final String RESCORE = "revision/rescore.json";

    private RevisionCompletion() {
    }

    public static RevisionCompletedEvent complete(RevisionScoredEvent scored) {
        RevisionEditedEvent edited = scored.getEdited();
        List<NamedArtifact> artifacts = new ArrayList<>(edited.getArtifacts().stream()
                .filter(artifact -> !artifact.getName().equals(RESCORE)).toList());
        artifacts.add(NamedArtifact.newBuilder().setName(RESCORE).setArtifact(scored.getReport()).build());
        return RevisionCompletedEvent.newBuilder()
                .setPaperId(edited.getRequest().getPaperId())
                .setSubmittedAt(edited.getRequest().getSubmittedAt())
                .setArtifacts(artifacts)
                .setValidPdf(edited.getValidPdf())
                .setAuditClean(edited.getAuditClean())
                .setPassed(edited.getValidPdf() && edited.getAuditClean())
                .setSubmittedScore(scored.getSubmittedScore())
                .setRevisedScore(scored.getRevisedScore())
                .build();
    }

    /** One line for the paper's timeline. */
    public static String message(RevisionCompletedEvent completed, RevisionEditedEvent edited) {
        List<String> failed = new ArrayList<>();
        if (!completed.getValidPdf()) {
            failed.add("no valid PDF");
        }
        if (!completed.getAuditClean()) {
            failed.add("fabrication-audit findings in the revised paper");
        }
        return "revised (" + edited.getMode() + "): " + edited.getPoints().size() + " points, "
                + edited.getEditsKept() + " edits kept, " + edited.getEditsRolledBack() + " rolled back, "
                + edited.getEditsRejected() + " rejected; "
                + (failed.isEmpty() ? "valid PDF, clean audit" : "NOT PASSED: " + String.join(", ", failed))
                + "; re-score " + completed.getSubmittedScore() + " -> " + completed.getRevisedScore();
    }
}
