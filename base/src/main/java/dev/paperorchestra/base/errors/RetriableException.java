package dev.paperorchestra.base.errors;

/** A failure that may go away on its own; the Kafka error handler redelivers with bounded back-off. */
public non-sealed class RetriableException extends AgentException {

    public RetriableException(String message, Throwable cause) {
        super(message, cause);
    }

    public RetriableException(String message) {
        super(message);
    }
}
