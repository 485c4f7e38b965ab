package dev.paperorchestra.runtime.kafka;

import dev.paperorchestra.runtime.errors.AgentException;
import org.springframework.kafka.listener.ListenerExecutionFailedException;

/** Turns an exception chain into the one sentence a person needs: the first message of our own. */
public final class FailureReasons {

    private FailureReasons() {
    }

    public static Throwable rootOf(Throwable failure) {
        Throwable current = failure;
        while (current.getCause() != null && current.getCause() != current) {
            if (current instanceof AgentException) {
                return current;
            }
            if (!(current instanceof ListenerExecutionFailedException) && current.getMessage() != null
                    && current.getCause() == null) {
                return current;
            }
            current = current.getCause();
        }
        return current;
    }

    public static String describe(Throwable failure) {
        Throwable root = rootOf(failure);
        String message = root.getMessage();
        if (root instanceof AgentException && message != null) {
            return message;
        }
        return root.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
