package dev.paperorchestra.runtime.kafka;

import java.time.Duration;

/**
 * Time an agent's stage needs besides its model requests, declared as a bean by the agent (e.g. the writer's
 * compile timeout); {@link StageBudget} adds every allowance to the worst case of one model request.
 *
 * @param what the setting it comes from, named in the start-up error when the budget is too short
 * @param time the time it may take
 */
public record StageAllowance(String what, Duration time) {
}
