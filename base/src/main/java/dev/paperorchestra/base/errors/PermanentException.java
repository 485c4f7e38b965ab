package dev.paperorchestra.base.errors;

/** A failure retrying cannot fix; the paper fails at once with this message. */
public non-sealed class PermanentException extends AgentException {

    public PermanentException(String message, Throwable cause) {
        super(message, cause);
    }

    public PermanentException(String message) {
        super(message);
    }
}
