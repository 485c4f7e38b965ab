package dev.paperorchestra.runtime.blob;

import dev.paperorchestra.base.errors.PermanentException;

/** A claim-check points at nothing usable: the store lost it or it was tampered with. */
public class BlobNotFoundException extends PermanentException {

    public BlobNotFoundException(String message) {
        super(message);
    }

    public BlobNotFoundException(String message, Throwable cause) {
        super(message, cause);
    }
}
