package dev.paperorchestra.runtime.sandbox;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The disk a job directory may use. Over the cap, the largest files are cut to their first {@link #KEPT_HEAD}
 * bytes (enough to read the start of a log) until the directory fits again, so a kept directory never holds a
 * runaway file.
 */
final class JobDirectoryCap {

    static final int KEPT_HEAD = 64 * 1024;

    private final long limit;

    JobDirectoryCap(long limit) {
        this.limit = limit;
    }

    long limit() {
        return limit;
    }

    /** Bytes used by the regular files below the directory (0 when it is gone). */
    static long used(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).mapToLong(JobDirectoryCap::size).sum();
        } catch (IOException | UncheckedIOException e) {
            return 0;
        }
    }

    boolean exceeded(Path directory) {
        return used(directory) > limit;
    }

    /** Cuts the largest files until the directory is within the cap; returns the bytes used before. */
    long trim(Path directory) {
        long before = used(directory);
        long total = before;
        List<Path> largestFirst;
        try (Stream<Path> files = Files.walk(directory)) {
            largestFirst = files.filter(Files::isRegularFile)
                    .sorted(Comparator.comparingLong(JobDirectoryCap::size).reversed()).toList();
        } catch (IOException | UncheckedIOException e) {
            return before;
        }
        for (Path file : largestFirst) {
            if (total <= limit) {
                break;
            }
            long size = size(file);
            long keep = Math.min(size, KEPT_HEAD);
            try (RandomAccessFile cut = new RandomAccessFile(file.toFile(), "rw")) {
                cut.setLength(keep);
                total -= size - keep;
            } catch (IOException e) {
                try {
                    Files.deleteIfExists(file);
                    total -= size;
                } catch (IOException ignored) {
                    // nothing more can be done for this file; the next one may still bring the total down
                }
            }
        }
        return before;
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }
}
