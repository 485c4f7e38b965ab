package dev.paperorchestra.bench.dataset;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A benchmark dataset: every sub-directory of the dataset directory is one case, in name order. A directory
 * is a case even when files are missing, so a broken case is reported as such instead of vanishing.
 */
public record Dataset(Path root, List<BenchCase> cases) {

    public Dataset {
        cases = List.copyOf(cases);
    }

    /**
     * @param casesGlob keep only cases whose name matches this glob (e.g. {@code cvpr-*}); null keeps all
     * @param limit     keep at most this many cases (after the glob); null or 0 keeps all
     * @throws IllegalArgumentException naming the directory when it does not exist or holds no case
     */
    public static Dataset scan(Path root, @Nullable String casesGlob, @Nullable Integer limit) {
        if (!Files.isDirectory(root)) {
            throw new IllegalArgumentException("dataset directory " + root + " does not exist");
        }
        PathMatcher matcher = casesGlob == null ? null : FileSystems.getDefault().getPathMatcher("glob:" + casesGlob);
        List<BenchCase> cases;
        try (Stream<Path> children = Files.list(root)) {
            Stream<BenchCase> all = children.filter(Files::isDirectory)
                    .filter(dir -> !dir.getFileName().toString().startsWith("."))
                    .sorted(Comparator.comparing(dir -> dir.getFileName().toString()))
                    .map(dir -> new BenchCase(dir.getFileName().toString(), dir.toAbsolutePath().normalize()))
                    .filter(c -> matcher == null || matcher.matches(Path.of(c.name())));
            cases = (limit == null || limit <= 0 ? all : all.limit(limit)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list dataset directory " + root, e);
        }
        if (cases.isEmpty()) {
            throw new IllegalArgumentException("dataset directory " + root + " holds no case"
                    + (casesGlob == null ? "" : " matching " + casesGlob));
        }
        return new Dataset(root, cases);
    }
}
