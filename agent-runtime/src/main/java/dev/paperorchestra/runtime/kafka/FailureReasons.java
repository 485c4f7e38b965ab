package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.base.errors.AgentException;
import dev.paperorchestra.base.redaction.Redaction;

/** Turns an exception chain into the one sentence a person needs: the first message of our own. */
public final class FailureReasons {

    private FailureReasons() {
    }

    /** The first failure of our own taxonomy in the cause chain, else the innermost cause. */
    public static Throwable rootOf(Throwable failure) {
        Throwable current = failure;
        while (!(current instanceof AgentException) && current.getCause() != null && current.getCause() != current) {
            current = current.getCause();
        }
        return current;
    }

    /** The sentence, credentials redacted: it goes to paper-status, DLT headers, logs and the console. */
    public static String describe(Throwable failure) {
        Throwable root = rootOf(failure);
        String message = root.getMessage();
        if (root instanceof AgentException && message != null) {
            return Redaction.redact(message);
        }
        return root.getClass().getSimpleName() + (message == null ? "" : ": " + Redaction.redact(message));
    }
}
