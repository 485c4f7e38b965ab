package dev.paperorchestra.service.client;

import org.jspecify.annotations.Nullable;

/**
 * The paper service answered with an error, or could not be reached ({@code status} 0). The message is what
 * the user reads: the service's problem, naming the file where there is one.
 */
public class ServiceCallException extends RuntimeException {

    private final int status;

    public ServiceCallException(int status, String message, @Nullable Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    public int status() {
        return status;
    }

    /** The exit code po run would give: 2 for unusable input or configuration, 1 for a paper that cannot go on. */
    public int exitCode() {
        return status == 409 ? 1 : 2;
    }
}
