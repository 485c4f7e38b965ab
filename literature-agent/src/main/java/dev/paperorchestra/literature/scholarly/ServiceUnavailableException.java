package dev.paperorchestra.literature.scholarly;

import dev.paperorchestra.base.errors.RetriableException;
import org.jspecify.annotations.Nullable;

/**
 * A scholarly service did not answer (429, 5xx or a transport failure on every attempt, or a request timeout):
 * an outage of the service, not a problem of the request, so the work waits for the service rather than failing.
 */
public class ServiceUnavailableException extends RetriableException {

    private final String service;
    private final @Nullable String lastFailure;

    public ServiceUnavailableException(String service, String message) {
        this(service, message, null);
    }

    /**
     * @param lastFailure what the last attempt ended on: "HTTP 503", or the transport exception's simple name
     *                    ("ConnectException", "HttpConnectTimeoutException")
     */
    public ServiceUnavailableException(String service, String message, @Nullable String lastFailure) {
        super(message);
        this.service = service;
        this.lastFailure = lastFailure;
    }

    /** What the last attempt ended on, when the service was tried at all (see the constructor). */
    public @Nullable String lastFailure() {
        return lastFailure;
    }

    /** The service's name as the messages spell it, e.g. "Semantic Scholar". */
    public String service() {
        return service;
    }
}
