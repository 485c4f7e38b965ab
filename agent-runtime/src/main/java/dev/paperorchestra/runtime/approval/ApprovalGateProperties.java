package dev.paperorchestra.runtime.approval;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Approval gate settings.
 *
 * @param timeout    how long a gate waits for a decision when the job gives no approval timeout; the paper then
 *                   ends (FAILED, "approval timed out")
 * @param checkEvery how often the gate looks for passed deadlines; a timeout is noticed at most this late
 */
@ConfigurationProperties("po.approval")
public record ApprovalGateProperties(@DefaultValue("P7D") Duration timeout, @DefaultValue("PT30S") Duration checkEvery) {

    public ApprovalGateProperties {
        if (timeout.isNegative() || timeout.isZero() || checkEvery.isNegative() || checkEvery.isZero()) {
            throw new IllegalArgumentException("po.approval.timeout and po.approval.check-every must be positive");
        }
    }
}
