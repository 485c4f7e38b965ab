package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.base.errors.PermanentException;

/**
 * A stage worked on one paper for longer than its budget. Permanent: the budget already covers every retry the
 * gateway makes, so a redelivery would only hold the papers behind it in the partition for another budget.
 */
public final class StageBudgetExceededException extends PermanentException {

    public StageBudgetExceededException(String message) {
        super(message);
    }
}
