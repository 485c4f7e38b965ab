package dev.paperorchestra.service.approval;

import dev.paperorchestra.outline.plan.SearchQueries;
import dev.paperorchestra.outline.schema.OutlineValidator;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.runtime.kafka.PaperSubmitter;
import dev.paperorchestra.schemas.ApprovalDecidedEvent;
import dev.paperorchestra.schemas.ApprovalGates;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.schemas.state.PendingApproval;
import dev.paperorchestra.schemas.topics.Topics;
import dev.paperorchestra.service.auth.Caller;
import dev.paperorchestra.service.status.PaperState;
import dev.paperorchestra.service.status.PaperViews;
import dev.paperorchestra.service.status.UnknownPaperException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Takes a person's decision at the gate a paper waits at: checks the paper waits there, validates an edit (an
 * outline exactly as the outline agent validates a model's answer, its schema and rules; a citation pool or the
 * figures with entries removed and none added), stores the edit in the blob store and writes the decision to approval-decisions, where the approval gate resumes or ends the paper.
 * Nothing waits here: the paper's wait is the gate's stored request.
 */
public final class ApprovalDesk {

    private static final Logger log = LoggerFactory.getLogger(ApprovalDesk.class);
    /** Longest name a decider may give; the rest of a longer one is cut. */
    static final int MAX_NAME = 80;
    /** Longest note or reason kept. */
    static final int MAX_NOTE = 2000;

    private final PaperViews views;
    private final PaperSubmitter writer;
    private final BlobStore blobs;
    private final OutlineValidator validator;
    private final Clock clock;
    private final Duration readYourWrite;

    public ApprovalDesk(PaperViews views, PaperSubmitter writer, BlobStore blobs, OutlineValidator validator,
            Clock clock, Duration readYourWrite) {
        this.views = views;
        this.writer = writer;
        this.blobs = blobs;
        this.validator = validator;
        this.clock = clock;
        this.readYourWrite = readYourWrite;
    }

    /** What a waiting paper's gate holds, and the artifact's content. */
    public record Pending(PendingApproval approval, byte[] content) {
    }

    /**
     * @throws UnknownPaperException when there is no such paper
     * @throws NotWaitingException   when the paper does not wait at this gate
     */
    public Pending pending(String paperId, String stage) {
        PendingApproval approval = waitingAt(paperId, stage);
        return new Pending(approval, blobs.get(approval.getArtifact()));
    }

    /**
     * Decides: approve (optionally with an edited artifact) or reject.
     *
     * @param caller who decides: recorded by name (with the name given in the request for a shared static token)
     * @throws IllegalArgumentException when the request is unusable (unknown decision, a rejection without a
     *                                  reason, an edit with a rejection)
     * @throws InvalidEditException     when the edited artifact fails validation
     * @throws NotWaitingException      when the paper does not wait at this gate
     */
    public PaperViewState decide(String paperId, String stage, ApprovalRequest request, Caller caller) {
        String decision = request.decision() == null ? "" : request.decision().strip().toLowerCase(Locale.ROOT);
        if (!decision.equals("approve") && !decision.equals("reject")) {
            throw new IllegalArgumentException("decision must be approve or reject");
        }
        boolean approved = decision.equals("approve");
        String note = clean(request.note(), MAX_NOTE);
        if (!approved && note == null) {
            throw new IllegalArgumentException("a rejection needs a reason (note)");
        }
        if (!approved && request.artifact() != null) {
            throw new IllegalArgumentException("an edited artifact goes with an approval, not a rejection");
        }
        PendingApproval approval = waitingAt(paperId, stage);
        Instant now = clock.instant();
        ApprovalDecidedEvent.Builder event = ApprovalDecidedEvent.newBuilder().setPaperId(paperId)
                .setStage(approval.getStage()).setApproved(approved).setDecidedBy(decider(request.by(), caller))
                .setDecidedAt(now).setNote(note);
        if (request.artifact() != null) {
            edit(paperId, approval, request.artifact(), event);
        }
        writer.send(Topics.APPROVAL_DECISIONS, paperId, event.build());
        log.info("paper {}: {} {} at its gate{}", paperId, approval.getStage(), approved ? "approved" : "rejected",
                event.getEdited() == null ? "" : " with an edit");
        // read your write: the gate's answer turns the paper's state from AWAITING_APPROVAL
        return views.await(paperId, view -> !PaperState.AWAITING_APPROVAL.name().equals(view.getState()),
                readYourWrite).orElseThrow(() -> new UnknownPaperException(paperId));
    }

    private PendingApproval waitingAt(String paperId, String stage) {
        String gate = stage.strip().toLowerCase(Locale.ROOT);
        if (!ApprovalGates.ALL.contains(gate)) {
            throw new IllegalArgumentException("unknown approval gate '" + stage + "': one of "
                    + String.join(", ", ApprovalGates.ALL));
        }
        PaperViewState view = views.find(paperId).orElseThrow(() -> new UnknownPaperException(paperId));
        PendingApproval approval = view.getApproval();
        if (!PaperState.AWAITING_APPROVAL.name().equals(view.getState()) || approval == null) {
            throw new NotWaitingException("paper " + paperId + " does not wait for approval (state "
                    + view.getState() + ")");
        }
        if (!approval.getStage().equals(gate)) {
            throw new NotWaitingException("paper " + paperId + " waits at the " + approval.getStage()
                    + " gate, not at " + gate);
        }
        return approval;
    }

    /**
     * Validates and stores an edit: an outline checked as a model's outline is; a citation pool or the figures
     * with entries removed and nothing added; the final paper takes none. The decision carries the edit and what
     * it changes.
     */
    private void edit(String paperId, PendingApproval approval, JsonNode edited, ApprovalDecidedEvent.Builder event) {
        String stage = approval.getStage();
        JsonNode original = Json.mapper().readTree(blobs.get(approval.getArtifact()));
        if (stage.equals(ApprovalGates.OUTLINE)) {
            List<String> violations = validator.validate(edited);
            if (!violations.isEmpty()) {
                throw new InvalidEditException(stage, violations);
            }
            ArtifactRef stored = blobs.putText(Json.mapper().writeValueAsString(edited), MediaTypes.JSON);
            String change = OutlineChanges.describe(original, edited, stored.getSha256());
            log.info("paper {}: edited outline {} accepted ({})", paperId, stored.getSha256(), change);
            event.setEdited(stored).setChange(change).setFigureCount(SearchQueries.figureCount(edited))
                    .setSearchQueryCount(SearchQueries.count(edited));
            return;
        }
        if (!stage.equals(ApprovalGates.CITATIONS) && !stage.equals(ApprovalGates.FIGURES)) {
            throw new IllegalArgumentException("the " + stage + " gate takes no edited artifact: approve or reject "
                    + "the paper as it is");
        }
        Removals removals = Removals.of(stage, original, edited);
        if (!removals.violations().isEmpty()) {
            throw new InvalidEditException(stage, removals.violations());
        }
        if (removals.removed().isEmpty()) {
            // nothing taken out: an approval as it was
            return;
        }
        ArtifactRef stored = blobs.putText(Json.mapper().writeValueAsString(edited), MediaTypes.JSON);
        String change = removals.describe(stage, original.path(Removals.field(stage)).size(), stored.getSha256());
        log.info("paper {}: edited {} {} accepted ({} removed)", paperId, stage, stored.getSha256(),
                removals.removed().size());
        event.setEdited(stored).setChange(change).setRemoved(removals.removed());
    }

    /**
     * The decider as recorded: the principal's name. A JWT's name is the identity provider's word, so a name given
     * in the request is not taken instead; a static token is shared by a team (its name is its tenant and
     * fingerprint, never the token), so the name its user gives is recorded before it.
     */
    static String decider(@Nullable String by, Caller caller) {
        if (caller.verified()) {
            return caller.name();
        }
        String name = clean(by, MAX_NAME);
        return (name == null ? "someone" : name) + " (" + caller.name() + ")";
    }

    /** Text without control characters, stripped and cut to its limit; null when nothing is left. */
    static @Nullable String clean(@Nullable String text, int max) {
        if (text == null) {
            return null;
        }
        String cleaned = text.codePoints().map(c -> Character.isISOControl(c) ? ' ' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString().strip();
        if (cleaned.isEmpty()) {
            return null;
        }
        return cleaned.length() <= max ? cleaned : cleaned.substring(0, max) + "...";
    }
}
