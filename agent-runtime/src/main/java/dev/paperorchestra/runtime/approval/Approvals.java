package dev.paperorchestra.runtime.approval;

import dev.paperorchestra.schemas.ApprovalGates;
import dev.paperorchestra.schemas.ApprovalRecord;
import dev.paperorchestra.schemas.ApprovalRequestedEvent;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.PaperContext;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What an agent asks before the step a gate guards: does this paper still have to stop here, and the request that
 * stops it. The agent publishes the request instead of its step's output (or instead of doing the step), in the
 * same transaction; the {@link ApprovalGate} releases the held event with the decision in its context, and the
 * decision found there is what lets the paper through the second time.
 */
public final class Approvals {

    private Approvals() {
    }

    /** True when the paper's job asks for this gate and no decision for it is in the paper's context yet. */
    public static boolean waits(PaperContext context, String stage) {
        return context.getOptions().getApprovals().contains(stage)
                && context.getApprovals().stream().noneMatch(record -> record.getStage().equals(stage));
    }

    /** What the approver took out at this gate (cite keys, figure ids); empty when nothing or no decision. */
    public static List<String> removed(PaperContext context, String stage) {
        return context.getApprovals().stream().filter(record -> record.getStage().equals(stage))
                .filter(record -> record.getDecision().equals(ApprovalGate.APPROVED))
                .flatMap(record -> record.getRemoved().stream()).distinct().toList();
    }

    /** The decision taken at this gate, when there is one. */
    public static java.util.Optional<ApprovalRecord> decision(PaperContext context, String stage) {
        return context.getApprovals().stream().filter(record -> record.getStage().equals(stage)).findFirst();
    }

    /**
     * The request that stops a paper at a gate, its deadline the job's approval timeout or else the
     * deployment's; the caller sets the held event of the gate.
     */
    public static ApprovalRequestedEvent.Builder request(PaperContext context, String stage, ArtifactRef artifact,
            Instant now, Duration defaultTimeout) {
        String timeout = context.getOptions().getApprovalTimeout();
        Duration wait = timeout == null ? defaultTimeout : ApprovalGates.timeout(timeout);
        return ApprovalRequestedEvent.newBuilder().setPaperId(context.getPaperId()).setStage(stage)
                .setArtifact(artifact).setRequestedAt(now).setDeadline(now.plus(wait));
    }
}
