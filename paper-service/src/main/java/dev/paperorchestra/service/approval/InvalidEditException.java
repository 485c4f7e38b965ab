package dev.paperorchestra.service.approval;

import java.util.List;

/** An edited artifact that fails the checks a model answer must pass: 400 naming every violation. */
public final class InvalidEditException extends RuntimeException {

    private final List<String> violations;

    public InvalidEditException(String stage, List<String> violations) {
        super("the edited " + stage + " is not valid: " + String.join("; ", violations));
        this.violations = List.copyOf(violations);
    }

    public List<String> violations() {
        return violations;
    }
}
