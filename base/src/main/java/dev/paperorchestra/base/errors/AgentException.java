package dev.paperorchestra.base.errors;

/**
 * Root of the one exception taxonomy every outside boundary maps to. {@link RetriableException}: try again
 * later may succeed (429, 5xx, timeouts, a broker hiccup). {@link PermanentException}: retrying cannot help
 * (bad materials, invalid answers after repair, authentication); the record goes straight to its dead-letter
 * topic and the paper is marked failed with this message, so the message must say what and where.
 */
public abstract sealed class AgentException extends RuntimeException permits RetriableException, PermanentException {

    protected AgentException(String message, Throwable cause) {
        super(message, cause);
    }

    protected AgentException(String message) {
        super(message);
    }
}
