package dev.paperorchestra.model.finding;

import java.util.Objects;

/**
 * One thing a gate found wrong with a paper, typed so that it can be grouped, compared and counted without
 * reading its sentence: the gate, a stable rule id ({@code title.placeholder}, {@code section.stub}), where it
 * is, and the sentence for people.
 *
 * @param gate     the gate that found it
 * @param rule     what was broken, a stable dotted id within the gate (never carries a number or a name)
 * @param location where: the file and 1-based line, {@link Location#NONE} when it is about the whole paper
 * @param message  one sentence for people, naming the item and where it is
 */
public record Finding(Gate gate, String rule, Location location, String message) {

    public Finding {
        Objects.requireNonNull(gate, "gate");
        Objects.requireNonNull(location, "location");
        if (rule == null || rule.isBlank() || !rule.chars().allMatch(c -> Character.isLowerCase(c) || c == '.'
                || c == '-' || Character.isDigit(c))) {
            throw new IllegalArgumentException("a rule is a lower-case dotted id, not '" + rule + "'");
        }
    }

    /** A finding about a line of a file. */
    public static Finding at(Gate gate, String rule, String file, int line, String message) {
        return new Finding(gate, rule, new Location(file, line), message);
    }

    /** A finding about the paper as a whole. */
    public static Finding of(Gate gate, String rule, String message) {
        return new Finding(gate, rule, Location.NONE, message);
    }

    /** "[GATE] message", as repair prompts and notices list findings. */
    @Override
    public String toString() {
        return "[" + gate + "] " + message;
    }

    /**
     * Where a finding is.
     *
     * @param file the file, e.g. paper.tex; "" when none
     * @param line 1-based line; 0 when not about a line
     */
    public record Location(String file, int line) {

        public static final Location NONE = new Location("", 0);

        public Location {
            Objects.requireNonNull(file, "file");
            if (line < 0) {
                throw new IllegalArgumentException("line " + line);
            }
        }

        @Override
        public String toString() {
            return file.isEmpty() ? "" : line > 0 ? file + ":" + line : file;
        }
    }
}
