package dev.paperorchestra.runtime.sandbox;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The disk a job directory may use. Over the cap, the largest files are cut to their first {@link #KEPT_HEAD}
 * bytes (enough to read the start of a log) until the directory fits again, so a kept directory never holds a
 * runaway file. The walk never follows a link: the tool names every file in there, and a link to a host file
 * must neither count towards the cap nor be cut.
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

    /**
     * Bytes used by the regular files below the directory (0 when it is gone). Links are not followed and count
     * nothing; a file with several hard links is counted once per name, which errs towards stopping a run.
     */
    static long used(Path directory) {
        return ownFiles(directory).stream().mapToLong(JobDirectoryCap::size).sum();
    }

    boolean exceeded(Path directory) {
        return used(directory) > limit;
    }

    /**
     * Cuts the largest files until the directory is within the cap; returns the bytes used before. Only regular
     * files with a single link are cut, and through a handle opened without following links: a name the tool
     * pointed at a host file (symbolic or hard link) is removed from the job directory instead, which leaves
     * the file it names untouched.
     */
    long trim(Path directory) {
        long before = used(directory);
        long total = before;
        List<Path> largestFirst = ownFiles(directory).stream()
                .sorted(Comparator.comparingLong(JobDirectoryCap::size).reversed()).toList();
        for (Path file : largestFirst) {
            if (total <= limit) {
                break;
            }
            long size = size(file);
            long keep = Math.min(size, KEPT_HEAD);
            try {
                if (JobFiles.links(file) > 1) {
                    // unlinking a name never changes the other names' content
                    Files.delete(file);
                    total -= size;
                    continue;
                }
                try (FileChannel cut = FileChannel.open(file, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                    cut.truncate(keep);
                    total -= size - keep;
                }
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

    /** The regular files below the directory, found without following any link. */
    private static List<Path> ownFiles(Path directory) {
        List<Path> files = new ArrayList<>();
        JobFiles.eachEntry(directory, (file, attributes) -> {
            if (attributes.isRegularFile()) {
                files.add(file);
            }
        });
        return files;
    }

    private static long size(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).size();
        } catch (IOException e) {
            return 0;
        }
    }
}
