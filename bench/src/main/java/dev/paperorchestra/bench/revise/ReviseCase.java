package dev.paperorchestra.bench.revise;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * One case of the revise task: a directory with {@code paper/} (the LaTeX source), {@code reviews/} (one file per
 * review, taken in name order), optional {@code materials/} (experimental_log.md, idea.md) and optional
 * {@code reference/} (the authors' camera-ready source, for the pairwise autorater) and optional {@code verified.bib}
 * (works already verified that the revision may cite, sent as po submit --revise --verified-bib sends it).
 */
public record ReviseCase(String name, Path paper, List<Path> reviews, @Nullable Path materials,
        @Nullable Path reference, @Nullable Path verifiedBib) {

    public ReviseCase {
        reviews = List.copyOf(reviews);
    }

    /**
     * The cases of a dataset directory, in name order; a directory without {@code paper/} and {@code reviews/} is
     * not a case.
     *
     * @throws IllegalArgumentException when there is no case
     */
    public static List<ReviseCase> scan(Path root, @Nullable String glob, @Nullable Integer limit) {
        PathMatcher matcher = glob == null ? null : FileSystems.getDefault().getPathMatcher("glob:" + glob);
        List<ReviseCase> cases = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                if (matcher != null && !matcher.matches(dir.getFileName())) {
                    continue;
                }
                Path paper = dir.resolve("paper");
                Path reviews = dir.resolve("reviews");
                if (!Files.isDirectory(paper) || !Files.isDirectory(reviews)) {
                    continue;
                }
                List<Path> files;
                try (Stream<Path> list = Files.list(reviews)) {
                    files = list.filter(Files::isRegularFile)
                            .filter(file -> !file.getFileName().toString().startsWith(".")).sorted().toList();
                }
                if (files.isEmpty()) {
                    continue;
                }
                cases.add(new ReviseCase(dir.getFileName().toString(), paper, files,
                        Files.isDirectory(dir.resolve("materials")) ? dir.resolve("materials") : null,
                        Files.isDirectory(dir.resolve("reference")) ? dir.resolve("reference") : null,
                        Files.isRegularFile(dir.resolve("verified.bib")) ? dir.resolve("verified.bib") : null));
                if (limit != null && cases.size() >= limit) {
                    break;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the dataset " + root, e);
        }
        if (cases.isEmpty()) {
            throw new IllegalArgumentException("no revise case in " + root + ": each case is a directory with paper/ "
                    + "and reviews/ (and optionally materials/ and reference/)");
        }
        return cases;
    }
}
