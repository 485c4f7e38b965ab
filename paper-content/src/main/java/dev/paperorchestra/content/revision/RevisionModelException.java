package dev.paperorchestra.content.revision;

import dev.paperorchestra.base.errors.PermanentException;
import java.util.List;

/**
 * A model answer of the revision that is valid JSON for its schema but contradicts the paper or the reviews (a
 * quote that is in no review, a section the paper does not have). Permanent: asking again with the same input is
 * not expected to help, and nothing is guessed in its place.
 */
public final class RevisionModelException extends PermanentException {

    private final List<String> problems;

    public RevisionModelException(String what, List<String> problems) {
        super("the model's answer for " + what + " does not fit the paper and the reviews: "
                + String.join("; ", problems.subList(0, Math.min(10, problems.size())))
                + (problems.size() > 10 ? " (and " + (problems.size() - 10) + " more)" : ""));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
