package dev.paperorchestra.bench.dataset;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One case of a benchmark dataset: a materials directory as {@code po run} takes it, optionally with the
 * human-written paper under {@code reference/} for the autoraters.
 *
 * @param name      the case's directory name, unique in its dataset
 * @param materials the materials directory
 */
public record BenchCase(String name, Path materials) {

    public static final String REFERENCE_DIR = "reference";

    /** The human paper's directory ({@code paper.tex}, {@code references.bib}, figures), when the case has one. */
    public Optional<Path> reference() {
        Path reference = materials.resolve(REFERENCE_DIR);
        return Files.isDirectory(reference) ? Optional.of(reference) : Optional.empty();
    }
}
