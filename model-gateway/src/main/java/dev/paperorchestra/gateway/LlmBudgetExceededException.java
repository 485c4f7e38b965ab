package dev.paperorchestra.gateway;

import dev.paperorchestra.base.errors.PermanentException;

/** A paper has spent its model budget; the call is refused and the paper stops with this message. */
public final class LlmBudgetExceededException extends PermanentException {

    public LlmBudgetExceededException(String message) {
        super(message);
    }
}
