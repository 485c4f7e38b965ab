package dev.paperorchestra.runtime.sandbox;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * How the host touches what a sandboxed tool left in its job directory. The tool controls every name in there:
 * any of them may be a symbolic link to a host file, or a hard link to one, and the JVM (often root) must never
 * read, measure, cut or delete through it. Every read therefore opens with {@code O_NOFOLLOW}, checks for a
 * regular file with a single link, and reports anything else as a refusal rather than reading it.
 */
public final class JobFiles {

    private JobFiles() {
    }

    /** What reading one output gave. */
    public sealed interface Output {

        /** The file's bytes (only its head when {@code truncated}). */
        record Read(byte[] bytes, boolean truncated) implements Output {
        }

        /** No file of that name. */
        record Absent() implements Output {
        }

        /** A name the tool made into something the host must not read through; {@code why} says what. */
        record Refused(String why) implements Output {
        }
    }

    /**
     * Reads at most {@code maxBytes} of {@code file} without following a link. A symbolic link, a directory, a
     * device or FIFO, or a file with more than one hard link is {@link Output.Refused}, never opened.
     */
    public static Output read(Path file, long maxBytes) {
        String name = file.getFileName().toString();
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (attributes.isSymbolicLink()) {
                return new Output.Refused(name + " is a symbolic link made by the sandboxed tool");
            }
            if (!attributes.isRegularFile()) {
                return new Output.Refused(name + " is not a regular file");
            }
            if (links(file) > 1) {
                return new Output.Refused(name + " has other hard links (it may be a file from outside the job)");
            }
            try (SeekableByteChannel channel = Files.newByteChannel(file,
                    Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
                long total = 0;
                while (total < maxBytes) {
                    buffer.clear().limit((int) Math.min(buffer.capacity(), maxBytes - total));
                    int n = channel.read(buffer);
                    if (n < 0) {
                        return new Output.Read(out.toByteArray(), false);
                    }
                    out.write(buffer.array(), 0, n);
                    total += n;
                }
                boolean more = channel.read(ByteBuffer.allocate(1)) > 0;
                return new Output.Read(out.toByteArray(), more);
            }
        } catch (NoSuchFileException e) {
            return new Output.Absent();
        } catch (IOException e) {
            // ELOOP: the name became a link between the check and the open
            return new Output.Refused(name + " could not be read safely (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** The hard-link count of a file, not following a link; 1 where the file system cannot tell. */
    static int links(Path file) throws IOException {
        try {
            return (Integer) Files.getAttribute(file, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException | IllegalArgumentException notUnix) {
            return 1;
        }
    }

    /**
     * Removes every symbolic link, and every file with other hard links, below {@code directory} (as links, never
     * followed); returns their names relative to the directory.
     */
    public static List<String> removeLinks(Path directory) {
        List<String> removed = new ArrayList<>();
        eachEntry(directory, (file, attributes) -> {
            if (attributes.isSymbolicLink() || (attributes.isRegularFile() && links(file) > 1)) {
                Files.deleteIfExists(file);
                removed.add(directory.relativize(file).toString());
            }
        });
        return removed;
    }

    /** What to do with one entry of a job directory. */
    @FunctionalInterface
    interface EntryVisitor {
        void visit(Path file, BasicFileAttributes attributes) throws IOException;
    }

    /**
     * Visits every entry below {@code directory} that is not a directory, with its own attributes: a link is
     * visited as a link and never followed, and no directory reached through one is entered. An entry that cannot
     * be read or acted on is passed over; a directory that is gone holds nothing.
     */
    static void eachEntry(Path directory, EntryVisitor visitor) {
        try {
            Files.walkFileTree(directory, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    try {
                        visitor.visit(file, attributes);
                    } catch (IOException e) {
                        // this entry stays as it is; the next may still be acted on
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // a directory that is gone or unreadable holds nothing to act on
        }
    }

    /**
     * Deletes a job directory: links are removed as links, never followed, and no directory reached through a
     * link is entered. Returns false when something could not be removed.
     */
    public static boolean deleteTree(Path directory) {
        try {
            if (Files.readAttributes(directory, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                    .isSymbolicLink()) {
                Files.delete(directory);
                return true;
            }
            // walkFileTree without FOLLOW_LINKS reports a link as a file and never descends through it
            Files.walkFileTree(directory, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
            return true;
        } catch (NoSuchFileException gone) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
