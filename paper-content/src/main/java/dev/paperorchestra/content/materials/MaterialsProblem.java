package dev.paperorchestra.content.materials;

/**
 * One reason a job's materials or options cannot be used.
 *
 * @param file    the file (relative to the materials directory, e.g. {@code figures/a.png}) or the option
 *                ({@code --page-limit}) at fault
 * @param problem what is wrong and, where it helps, how to fix it
 */
public record MaterialsProblem(String file, String problem) {

    /** {@code file: problem}, the form every front door prints. */
    public String message() {
        return file + ": " + problem;
    }

    @Override
    public String toString() {
        return message();
    }
}
