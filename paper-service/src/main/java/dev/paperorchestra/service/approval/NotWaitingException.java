package dev.paperorchestra.service.approval;

/** A decision for a gate the paper does not wait at (it runs, has finished, or waits at another gate): 409. */
public final class NotWaitingException extends RuntimeException {

    public NotWaitingException(String message) {
        super(message);
    }
}
