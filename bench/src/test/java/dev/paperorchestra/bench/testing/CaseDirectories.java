package dev.paperorchestra.bench.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Bench cases made from the examples: each a copy of an example's materials under a case name of its own. */
public final class CaseDirectories {

    private CaseDirectories() {
    }

    /** Copies the directory tree {@code from} to {@code to}, which must not exist yet. */
    public static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }
}
