/**
 * Approval gates: a paper whose job asks for {@code approvals=outline,citations,figures,final} stops before that
 * step, its request kept in a Streams store ({@link dev.paperorchestra.runtime.approval.ApprovalGate}) until a
 * person decides (through the paper service) or the gate's deadline passes. The agents ask
 * {@link dev.paperorchestra.runtime.approval.Approvals} whether a paper still has to stop.
 */
@NullMarked
package dev.paperorchestra.runtime.approval;

import org.jspecify.annotations.NullMarked;
