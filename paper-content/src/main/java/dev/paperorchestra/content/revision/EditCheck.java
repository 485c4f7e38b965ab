package dev.paperorchestra.content.revision;

import java.util.List;

/** Whether an edit may be applied: passed, or refused with every reason. */
public sealed interface EditCheck {

    record Passed() implements EditCheck {
    }

    /** @param reasons one sentence each, naming the number, key or rule */
    record Refused(List<String> reasons) implements EditCheck {

        public Refused {
            reasons = List.copyOf(reasons);
            if (reasons.isEmpty()) {
                throw new IllegalArgumentException("a refusal names at least one reason");
            }
        }
    }

    static EditCheck of(List<String> reasons) {
        return reasons.isEmpty() ? new Passed() : new Refused(reasons);
    }
}
