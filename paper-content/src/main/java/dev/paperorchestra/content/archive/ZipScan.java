package dev.paperorchestra.content.archive;

import dev.paperorchestra.base.errors.InvalidMaterialsException;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A first pass over a zip's central directory, before commons-compress builds an object per entry: more
 * entries than the limit, a name, extra field or comment larger than the limits (in the central directory or
 * the local header), a declared size above the per-file limit, a ZIP64 archive, or a directory that does not
 * end where the archive says are refused. The declared sizes are only a first filter: the unpacking pass counts
 * the bytes it actually inflates.
 */
final class ZipScan {

    private static final int EOCD = 0x06054b50;
    private static final int ZIP64_LOCATOR = 0x07064b50;
    private static final int CENTRAL = 0x02014b50;
    private static final int LOCAL = 0x04034b50;
    private static final String ARCHIVE = "materials";

    private ZipScan() {
    }

    static void scan(Path zip, ArchiveLimits limits) throws IOException {
        try (FileChannel channel = FileChannel.open(zip, StandardOpenOption.READ)) {
            long size = channel.size();
            long eocd = findEndOfCentralDirectory(channel, size);
            if (eocd >= 20 && read(channel, eocd - 20, 4).getInt() == ZIP64_LOCATOR) {
                throw new InvalidMaterialsException(ARCHIVE, "is a ZIP64 archive; materials are far below its 4 GiB "
                        + "threshold, so zip them without ZIP64");
            }
            ByteBuffer end = read(channel, eocd, 22);
            long directorySize = end.getInt(12) & 0xffffffffL;
            long directoryOffset = end.getInt(16) & 0xffffffffL;
            if (directoryOffset + directorySize != eocd) {
                throw malformed();
            }
            long pos = directoryOffset;
            int entries = 0;
            while (pos < eocd) {
                ByteBuffer header = read(channel, pos, 46);
                if (header.getInt(0) != CENTRAL) {
                    throw malformed();
                }
                int nameLength = header.getShort(28) & 0xffff;
                int extraLength = header.getShort(30) & 0xffff;
                int commentLength = header.getShort(32) & 0xffff;
                long declared = header.getInt(24) & 0xffffffffL;
                long local = header.getInt(42) & 0xffffffffL;
                String name = nameLength > limits.maxNameLength() * 4L ? "entry " + (entries + 1)
                        : StandardCharsets.UTF_8.decode(read(channel, pos + 46, nameLength)).toString();
                if (++entries > limits.maxEntries()) {
                    throw new ArchiveTooLargeException(SafeArchive.shown(name), "the archive has more than "
                            + limits.maxEntries() + " entries");
                }
                if (nameLength > limits.maxNameLength() * 4L) {
                    throw new InvalidMaterialsException(name, "has a name of " + nameLength + " bytes; at most "
                            + limits.maxNameLength() + " characters are accepted");
                }
                header(name, "an extra field", extraLength, limits);
                header(name, "a comment", commentLength, limits);
                if (declared > limits.maxFileBytes()) {
                    throw new ArchiveTooLargeException(SafeArchive.shown(name), "is " + declared
                            + " bytes: more than " + limits.maxFileBytes() + " bytes for one file");
                }
                if (local + 30 > directoryOffset) {
                    throw malformed();
                }
                ByteBuffer localHeader = read(channel, local, 30);
                if (localHeader.getInt(0) != LOCAL) {
                    throw malformed();
                }
                if ((localHeader.getShort(26) & 0xffff) > limits.maxNameLength() * 4L) {
                    throw new InvalidMaterialsException(SafeArchive.shown(name), "has a local name longer than "
                            + limits.maxNameLength() + " characters");
                }
                header(name, "a local extra field", localHeader.getShort(28) & 0xffff, limits);
                pos += 46L + nameLength + extraLength + commentLength;
            }
            if (pos != eocd) {
                throw malformed();
            }
        } catch (EOFException e) {
            throw malformed();
        }
    }

    private static void header(String name, String what, int length, ArchiveLimits limits) {
        if (length > limits.maxHeaderBytes()) {
            throw new InvalidMaterialsException(SafeArchive.shown(name), "has " + what + " of " + length
                    + " bytes; at most " + limits.maxHeaderBytes() + " are accepted");
        }
    }

    /** Searched backwards from the end, as commons-compress does, past a comment of at most 64 KiB. */
    private static long findEndOfCentralDirectory(FileChannel channel, long size) throws IOException {
        long from = Math.max(0, size - 22 - 0xffff);
        if (size < 22) {
            throw malformed();
        }
        ByteBuffer tail = read(channel, from, (int) (size - from));
        for (int i = tail.limit() - 22; i >= 0; i--) {
            if (tail.getInt(i) == EOCD) {
                return from + i;
            }
        }
        throw malformed();
    }

    private static ByteBuffer read(FileChannel channel, long position, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, position + buffer.position()) < 0) {
                throw new EOFException();
            }
        }
        return buffer.flip();
    }

    private static InvalidMaterialsException malformed() {
        return new InvalidMaterialsException(ARCHIVE, "is not a well-formed zip archive (its central directory is "
                + "missing, damaged or not where its end record says)");
    }
}
