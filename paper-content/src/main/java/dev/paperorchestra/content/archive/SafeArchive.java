package dev.paperorchestra.content.archive;

import dev.paperorchestra.base.errors.InvalidMaterialsException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

/**
 * Unpacks a {@code .zip} or {@code .tar.gz} (told apart by their first bytes, not their names) into a
 * directory, bounded in every dimension ({@link ArchiveLimits}). A first pass reads only the headers
 * ({@link TarScan}, {@link ZipScan}) so that commons-compress never buffers a header larger than the limit; the
 * second unpacks and counts what it writes. Refused, naming the entry: a name that is absolute, climbs out with
 * {@code ..}, holds control characters, is too long or too deep, or appears twice; a symbolic or hard link, a
 * device or pipe; more entries, bytes or inflation than the limits allow ({@link ArchiveTooLargeException}).
 * No message names a path of this machine: only entries as the archive names them.
 */
public final class SafeArchive {

    private static final String ARCHIVE = "materials";
    private static final int SHOWN = 160;

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
            long size = Files.size(archive);
            if (read >= 2 && magic[0] == 'P' && magic[1] == 'K') {
                ZipScan.scan(archive, limits);
                unzip(archive, size, target);
            } else if (read >= 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b) {
                try (InputStream tar = gunzip(archive)) {
                    TarScan.scan(tar, size, limits);
                }
                untar(archive, size, target);
            } else {
                throw new InvalidMaterialsException(ARCHIVE, "is neither a .zip nor a .tar.gz archive");
            }
        } catch (IOException | UncheckedIOException e) {
            // the library's words about the format, never a path of this machine
            throw new InvalidMaterialsException(ARCHIVE, "cannot be unpacked (" + scrub(e, archive, target) + ")");
        } catch (InvalidMaterialsException e) {
            throw e;
        } catch (RuntimeException e) {
            // a malformed archive may trip the library's own parsing; that is the archive's fault, not a 500
            throw new InvalidMaterialsException(ARCHIVE, "cannot be unpacked (" + e.getClass().getSimpleName() + ")");
        }
    }

    /**
     * The directory the materials are in: the target itself, or its single top-level folder when the archive
     * holds one folder (as zipping a directory does).
     */
    public static Path materialsRoot(Path target) {
        try (Stream<Path> children = Files.list(target)) {
            List<Path> entries = children.toList();
            if (entries.size() == 1 && Files.isDirectory(entries.getFirst(), LinkOption.NOFOLLOW_LINKS)) {
                return entries.getFirst();
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void unzip(Path archive, long size, Path target) throws IOException {
        try (ZipFile zip = ZipFile.builder().setPath(archive).get()) {
            Budget budget = new Budget(size, target);
            Enumeration<ZipArchiveEntry> entries = zip.getEntries();
            while (entries.hasMoreElements()) {
                ZipArchiveEntry entry = entries.nextElement();
                String name = entry.getName();
                if (entry.isUnixSymlink()) {
                    throw refused(name, "is a symbolic link; only files and directories are accepted");
                }
                Path path = budget.enter(name, entry.isDirectory());
                if (entry.isDirectory()) {
                    Files.createDirectories(path);
                } else {
                    try (InputStream in = zip.getInputStream(entry)) {
                        budget.write(in, path, name);
                    }
                }
            }
        }
    }

    private void untar(Path archive, long size, Path target) throws IOException {
        try (TarArchiveInputStream tar = new TarArchiveInputStream(gunzip(archive))) {
            Budget budget = new Budget(size, target);
            for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                String name = entry.getName();
                if (entry.isSymbolicLink() || entry.isLink()) {
                    throw refused(name, "is a " + (entry.isLink() ? "hard" : "symbolic")
                            + " link; only files and directories are accepted");
                }
                if (entry.isCharacterDevice() || entry.isBlockDevice() || entry.isFIFO()) {
                    throw refused(name, "is a device or pipe; only files and directories are accepted");
                }
                if (!entry.isDirectory() && !entry.isFile()) {
                    throw refused(name, "is neither a file nor a directory");
                }
                Path path = budget.enter(name, entry.isDirectory());
                if (entry.isDirectory()) {
                    Files.createDirectories(path);
                } else {
                    budget.write(tar, path, name);
                }
            }
        }
    }

    private static InputStream gunzip(Path archive) throws IOException {
        return new GZIPInputStream(new BufferedInputStream(Files.newInputStream(archive)));
    }

    /** Refused once more than {@link ArchiveLimits#RATIO_FLOOR} bytes inflate from fewer than 1/ratio as many. */
    static void checkRatio(long unpacked, long archiveBytes, ArchiveLimits limits) {
        if (unpacked > ArchiveLimits.RATIO_FLOOR && unpacked > Math.max(1, archiveBytes) * (long) limits.maxRatio()) {
            throw new ArchiveTooLargeException(ARCHIVE, "inflates more than " + limits.maxRatio()
                    + " times its own size (a decompression bomb?)");
        }
    }

    /** An entry's name as a message may carry it: control characters replaced, and cut when long. */
    static String shown(String name) {
        String printable = printable(name);
        return printable.length() <= SHOWN ? printable : printable.substring(0, SHOWN) + "...";
    }

    static String printable(String text) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), SHOWN + 8));
        text.codePoints().limit(SHOWN + 8L).forEach(c -> out.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return out.toString();
    }

    private static InvalidMaterialsException refused(String entry, String problem) {
        return new InvalidMaterialsException(shown(entry), problem);
    }

    private static String scrub(Exception e, Path archive, Path target) {
        String message = String.valueOf(e.getMessage());
        for (Path path : List.of(archive.toAbsolutePath(), target.toAbsolutePath())) {
            for (Path p = path; p != null && p.getNameCount() > 0; p = p.getParent()) {
                message = message.replace(p.toString(), ARCHIVE);
            }
        }
        // whatever else looks like an absolute path of this machine
        return printable(message.replaceAll("(/[^\\s/:,;()'\"]+){2,}/?", "<path>"));
    }

    /** Checks names and counts entries, bytes and inflation against the limits while unpacking. */
    private final class Budget {
        private final long archiveBytes;
        private final Path target;
        private final Set<String> names = new HashSet<>();
        private final Map<String, Boolean> directories = new HashMap<>();
        private int entries;
        private long bytes;

        Budget(long archiveBytes, Path target) {
            this.archiveBytes = archiveBytes;
            this.target = target;
        }

        /** Where the entry goes, after every rule about its name. */
        Path enter(String name, boolean directory) {
            if (++entries > limits.maxEntries()) {
                throw new ArchiveTooLargeException(shown(name), "the archive has more than " + limits.maxEntries()
                        + " entries");
            }
            List<String> parts = parts(name);
            String key = String.join("/", parts);
            if (parts.isEmpty()) {
                if (directory) {
                    return target; // "./", the archive's own root
                }
                throw refused(name, "is not a valid file name");
            }
            if (!names.add(key)) {
                throw refused(name, "appears twice in the archive; every entry must have its own name");
            }
            StringBuilder prefix = new StringBuilder();
            for (int i = 0; i < parts.size() - 1; i++) {
                prefix.append(i == 0 ? "" : "/").append(parts.get(i));
                if (Boolean.FALSE.equals(directories.putIfAbsent(prefix.toString(), true))) {
                    throw refused(name, "lies below " + shown(prefix.toString())
                            + ", which the archive also holds as a file");
                }
            }
            Boolean before = directories.putIfAbsent(key, directory);
            if (before != null && before != directory) {
                throw refused(name, "is both a file and a directory in the archive");
            }
            Path path = target.resolve(key).normalize();
            if (!path.startsWith(target)) {
                throw refused(name, "lies outside the archive's directory (absolute path or ..)");
            }
            return path;
        }

        private List<String> parts(String name) {
            if (name.length() > limits.maxNameLength()) {
                throw refused(name, "has a name of " + name.length() + " characters; at most "
                        + limits.maxNameLength() + " are accepted");
            }
            if (name.startsWith("/") || name.contains("\\") || (name.length() > 1 && name.charAt(1) == ':')) {
                throw refused(name, "lies outside the archive's directory (absolute path or ..)");
            }
            if (name.codePoints().anyMatch(Character::isISOControl)) {
                throw refused(name, "has control characters in its name");
            }
            List<String> parts = new ArrayList<>();
            String[] split = name.split("/", -1);
            for (int i = 0; i < split.length; i++) {
                String part = split[i];
                boolean leadingDot = part.equals(".") && parts.isEmpty();
                boolean trailing = part.isEmpty() && i == split.length - 1;
                if (leadingDot || trailing) {
                    continue; // "./a" as tar writes it, "a/" for a directory
                }
                if (part.equals("..")) {
                    throw refused(name, "lies outside the archive's directory (absolute path or ..)");
                }
                if (part.isEmpty() || part.equals(".")) {
                    throw refused(name, "is not a valid file name (an empty or '.' part)");
                }
                if (part.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > 255) {
                    throw refused(name, "has a part longer than 255 bytes, more than a file name may have");
                }
                parts.add(part);
            }
            if (parts.size() > limits.maxDepth()) {
                throw refused(name, "lies " + parts.size() + " levels deep; at most " + limits.maxDepth()
                        + " are accepted");
            }
            return parts;
        }

        void write(InputStream in, Path path, String name) throws IOException {
            Files.createDirectories(path.getParent());
            long file = 0;
            try (OutputStream out = Files.newOutputStream(path, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                byte[] buffer = new byte[64 * 1024];
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    file += n;
                    bytes += n;
                    if (file > limits.maxFileBytes()) {
                        throw new ArchiveTooLargeException(shown(name), "is more than " + limits.maxFileBytes()
                                + " bytes for one file");
                    }
                    if (bytes > limits.maxTotalBytes()) {
                        throw new ArchiveTooLargeException(shown(name), "the archive unpacks to more than "
                                + limits.maxTotalBytes() + " bytes");
                    }
                    checkRatio(bytes, archiveBytes, limits);
                    out.write(buffer, 0, n);
                }
            } catch (FileAlreadyExistsException e) {
                throw refused(name, "appears twice in the archive; every entry must have its own name");
            }
        }
    }
}
