package dev.paperorchestra.content.archive;

import dev.paperorchestra.base.errors.InvalidMaterialsException;

/** The archive unpacks to more entries or bytes than its limits allow. */
public class ArchiveTooLargeException extends InvalidMaterialsException {

    public ArchiveTooLargeException(String entry, String problem) {
        super(entry, problem);
    }
}
