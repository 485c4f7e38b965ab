package dev.paperorchestra.content.materials;

import dev.paperorchestra.base.errors.InvalidMaterialsException;
import java.util.List;

/**
 * The answer of the materials intake: either the checked, typed value with what was done about harmless
 * oddities said plainly, or every problem found, each naming its file.
 *
 * @param <T> what a successful check yields
 */
public sealed interface IntakeResult<T> {

    /**
     * The materials can be used.
     *
     * @param value what was checked and parsed
     * @param notes harmless oddities and what was done about them ({@code experimental_log.md: no markdown
     *              table; the paper will have no plots}); print them, never drop them silently
     */
    record Accepted<T>(T value, List<String> notes) implements IntakeResult<T> {
        public Accepted {
            notes = List.copyOf(notes);
        }
    }

    /** @param problems at least one, each naming the file or option and the problem */
    record Rejected<T>(List<MaterialsProblem> problems) implements IntakeResult<T> {
        public Rejected {
            problems = List.copyOf(problems);
            if (problems.isEmpty()) {
                throw new IllegalArgumentException("a rejection needs a problem");
            }
        }
    }

    static <T> IntakeResult<T> of(T value, List<MaterialsProblem> problems, List<String> notes) {
        return problems.isEmpty() ? new Accepted<>(value, notes) : new Rejected<>(problems);
    }

    /**
     * The value, for callers whose error path is the exception taxonomy (an agent's listener).
     *
     * @param directory prefixed to the file in the exception, so the message points into the submitted directory
     * @throws InvalidMaterialsException naming the first problem's file, with every problem in the message
     */
    default T orElseThrow(String directory) {
        return switch (this) {
            case Accepted<T> accepted -> accepted.value();
            case Rejected<T> rejected -> {
                MaterialsProblem first = rejected.problems().getFirst();
                String problem = first.problem();
                if (rejected.problems().size() > 1) {
                    problem += " (also: " + String.join("; ", rejected.problems().subList(1, rejected.problems().size())
                            .stream().map(MaterialsProblem::message).toList()) + ")";
                }
                throw new InvalidMaterialsException(inDirectory(directory, first.file()), problem);
            }
        };
    }

    /** {@code directory/file}, or just the file when the directory is unknown. */
    static String inDirectory(String directory, String file) {
        if (directory.isBlank()) {
            return file;
        }
        return directory.endsWith("/") ? directory + file : directory + "/" + file;
    }
}
