package dev.paperorchestra.runtime.archive;

import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

/**
 * Unpacks a {@code .zip} or {@code .tar.gz} (told apart by their first bytes, not their names) into a
 * directory. Refused, naming the entry: a name that is absolute or climbs out with {@code ..}, a symbolic or
 * hard link, a device or pipe; and more entries or bytes than the limits allow ({@link ArchiveTooLargeException}).
 */
public final class SafeArchive {

    private static final String ARCHIVE = "materials";

    private final ArchiveLimits limits;

    public SafeArchive(ArchiveLimits limits) {
        this.limits = limits;
    }

    /**
     * Unpacks {@code archive} into the empty directory {@code target}.
     *
     * @throws InvalidMaterialsException naming the entry and the problem
     */
    public void unpack(Path archive, Path target) {
        try {
            byte[] magic = new byte[4];
            int read;
            try (InputStream in = Files.newInputStream(archive)) {
                read = in.readNBytes(magic, 0, 4);
            }
            if (read >= 2 && magic[0] == 'P' && magic[1] == 'K') {
                unzip(archive, target);
            } else if (read >= 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b) {
                untar(archive, target);
            } else {
                throw new InvalidMaterialsException(ARCHIVE, "is neither a .zip nor a .tar.gz archive");
            }
        } catch (IOException e) {
            throw new InvalidMaterialsException(ARCHIVE, "cannot be unpacked (" + e.getMessage() + ")");
        }
    }

    /**
     * The directory the materials are in: the target itself, or its single top-level folder when the archive
     * holds one folder (as zipping a directory does).
     */
    public static Path materialsRoot(Path target) {
        try (Stream<Path> children = Files.list(target)) {
            List<Path> entries = children.toList();
            if (entries.size() == 1 && Files.isDirectory(entries.getFirst())) {
                return entries.getFirst();
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void unzip(Path archive, Path target) throws IOException {
        try (ZipFile zip = ZipFile.builder().setPath(archive).get()) {
            Budget budget = new Budget();
            Enumeration<ZipArchiveEntry> entries = zip.getEntries();
            while (entries.hasMoreElements()) {
                ZipArchiveEntry entry = entries.nextElement();
                budget.count(entry.getName());
                if (entry.isUnixSymlink()) {
                    throw refused(entry.getName(), "is a symbolic link; only files and directories are accepted");
                }
                Path path = inside(target, entry.getName());
                if (entry.isDirectory()) {
                    Files.createDirectories(path);
                } else {
                    try (InputStream in = zip.getInputStream(entry)) {
                        write(in, path, entry.getName(), budget);
                    }
                }
            }
        }
    }

    private void untar(Path archive, Path target) throws IOException {
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new GZIPInputStream(
                new BufferedInputStream(Files.newInputStream(archive))))) {
            Budget budget = new Budget();
            for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                String name = entry.getName();
                budget.count(name);
                if (entry.isSymbolicLink() || entry.isLink()) {
                    throw refused(name, "is a " + (entry.isLink() ? "hard" : "symbolic")
                            + " link; only files and directories are accepted");
                }
                if (entry.isCharacterDevice() || entry.isBlockDevice() || entry.isFIFO()) {
                    throw refused(name, "is a device or pipe; only files and directories are accepted");
                }
                Path path = inside(target, name);
                if (entry.isDirectory()) {
                    Files.createDirectories(path);
                } else if (entry.isFile()) {
                    write(tar, path, name, budget);
                } else {
                    throw refused(name, "is neither a file nor a directory");
                }
            }
        }
    }

    private void write(InputStream in, Path path, String name, Budget budget) throws IOException {
        Files.createDirectories(path.getParent());
        try (OutputStream out = Files.newOutputStream(path)) {
            byte[] buffer = new byte[64 * 1024];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                budget.add(name, n);
                out.write(buffer, 0, n);
            }
        }
    }

    private static Path inside(Path target, String name) {
        try {
            Path relative = Path.of(name);
            Path path = target.resolve(name).normalize();
            if (name.isBlank() || relative.isAbsolute() || name.startsWith("/") || name.contains("\\")
                    || !path.startsWith(target)) {
                throw refused(name, "lies outside the archive's directory (absolute path or ..)");
            }
            for (Path part : relative) {
                if (part.toString().equals("..")) {
                    throw refused(name, "lies outside the archive's directory (absolute path or ..)");
                }
            }
            return path;
        } catch (InvalidPathException e) {
            throw refused(name, "is not a valid file name");
        }
    }

    private static InvalidMaterialsException refused(String entry, String problem) {
        return new InvalidMaterialsException(entry, problem);
    }

    /** Counts entries and unpacked bytes against the limits. */
    private final class Budget {
        private int entries;
        private long bytes;

        void count(String name) {
            if (++entries > limits.maxEntries()) {
                throw new ArchiveTooLargeException(name, "the archive has more than " + limits.maxEntries()
                        + " entries");
            }
        }

        void add(String name, int n) {
            bytes += n;
            if (bytes > limits.maxTotalBytes()) {
                throw new ArchiveTooLargeException(name, "the archive unpacks to more than " + limits.maxTotalBytes()
                        + " bytes");
            }
        }
    }
}
