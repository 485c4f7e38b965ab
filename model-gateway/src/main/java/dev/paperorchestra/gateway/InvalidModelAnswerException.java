package dev.paperorchestra.gateway;

import dev.paperorchestra.base.errors.PermanentException;
import java.util.List;

/** A model's answer still violates the requested JSON Schema after every repair; carries the last answer. */
public final class InvalidModelAnswerException extends PermanentException {

    private static final int SHOWN_CHARS = 1500;
    private static final int SHOWN_VIOLATIONS = 10;

    private final String lastAnswer;
    private final List<String> violations;

    public InvalidModelAnswerException(String who, int repairs, List<String> violations, String lastAnswer) {
        super(who + ": the answer still violates the JSON Schema after " + repairs + " repair(s): "
                + String.join("; ", violations.subList(0, Math.min(violations.size(), SHOWN_VIOLATIONS)))
                + " | last answer: " + shorten(lastAnswer));
        this.lastAnswer = lastAnswer;
        this.violations = List.copyOf(violations);
    }

    public String lastAnswer() {
        return lastAnswer;
    }

    public List<String> violations() {
        return violations;
    }

    private static String shorten(String answer) {
        String flat = answer.strip();
        return flat.length() <= SHOWN_CHARS ? flat : flat.substring(0, SHOWN_CHARS) + " ... ("
                + (flat.length() - SHOWN_CHARS) + " more characters)";
    }
}
