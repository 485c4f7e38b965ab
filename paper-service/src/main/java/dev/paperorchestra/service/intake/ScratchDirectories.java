package dev.paperorchestra.service.intake;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The directory an upload is unpacked and checked in, removed once it is submitted or refused. */
public final class ScratchDirectories {

    private static final Logger log = LoggerFactory.getLogger(ScratchDirectories.class);

    private ScratchDirectories() {
    }

    /** A new directory under the service's work directory, named after what it holds. */
    public static Path create(Path workDir, String prefix) {
        try {
            Files.createDirectories(workDir);
            return Files.createTempDirectory(workDir, prefix);
        } catch (IOException e) {
            log.warn("cannot create an upload directory under {}: {}", workDir, e.toString());
            throw new UncheckedIOException("cannot create an upload directory", e);
        }
    }

    /** Removes the directory and all it holds; what cannot be removed is logged, never thrown. */
    public static void delete(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            log.warn("could not remove the upload directory {}: {}", directory, e.toString());
        }
    }
}
