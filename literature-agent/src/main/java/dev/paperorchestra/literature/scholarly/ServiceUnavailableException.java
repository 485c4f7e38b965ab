package dev.paperorchestra.literature.scholarly;

import dev.paperorchestra.runtime.errors.RetriableException;

/**
 * A scholarly service did not answer (429, 5xx or a transport failure on every attempt, or a request timeout):
 * an outage of the service, not a problem of the request, so the work waits for the service rather than failing.
 */
public class ServiceUnavailableException extends RetriableException {

    private final String service;

    public ServiceUnavailableException(String service, String message) {
        super(message);
        this.service = service;
    }

    /** The service's name as the messages spell it, e.g. "Semantic Scholar". */
    public String service() {
        return service;
    }
}
