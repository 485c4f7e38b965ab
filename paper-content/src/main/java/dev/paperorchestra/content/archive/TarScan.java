package dev.paperorchestra.content.archive;

import dev.paperorchestra.base.errors.InvalidMaterialsException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A first pass over a tar stream that reads only its 512-byte headers (skipping the data) and refuses, before
 * commons-compress reads the archive, what would make it hold unbounded bytes in memory: a GNU long name or
 * long link or a PAX header larger than {@link ArchiveLimits#maxHeaderBytes()} (commons-compress 1.28 buffers
 * these whole, and a gzip of a few MB inflates to a header of GBs), a PAX {@code size} or {@code GNU.sparse}
 * record (they change where the next header is, so this pass and commons-compress could disagree), sparse and
 * other entry types it does not follow, more entries, file bytes or inflation than the limits, and a stream
 * that ends inside an entry. A link, device or pipe ends the pass: the unpacking pass refuses that entry by
 * name before reading past it.
 */
final class TarScan {

    private static final int BLOCK = 512;
    /** Metadata headers in a row before an entry: long name, long link, PAX, global PAX, with room to spare. */
    private static final int MAX_METADATA_RUN = 8;

    private final ArchiveLimits limits;
    private final long archiveBytes;
    private final byte[] block = new byte[BLOCK];
    private final byte[] scratch = new byte[64 * 1024];
    /** Bytes of the tar stream read so far, padding included: what the archive inflated to. */
    private long consumed;
    /** Header and data bytes, what the total limit counts (padding is the format's, not the author's). */
    private long counted;

    private TarScan(ArchiveLimits limits, long archiveBytes) {
        this.limits = limits;
        this.archiveBytes = archiveBytes;
    }

    /**
     * @param tar          the tar stream, decompressed
     * @param archiveBytes the size of the compressed archive, for the inflation ratio
     * @throws InvalidMaterialsException naming the entry (or the one after which the problem is) and the limit
     */
    static void scan(InputStream tar, long archiveBytes, ArchiveLimits limits) throws IOException {
        new TarScan(limits, archiveBytes).scan(tar);
    }

    private void scan(InputStream in) throws IOException {
        int entries = 0;
        int metadataRun = 0;
        String previous = "";
        String longName = null;
        String paxPath = null;
        while (true) {
            int read = in.readNBytes(block, 0, BLOCK);
            if (read == 0) {
                return; // no end-of-archive blocks: commons-compress ends there too
            }
            String where = previous.isEmpty() ? "the first tar header" : "the tar header after " + previous;
            if (read < BLOCK) {
                throw refused(where, "is cut short: the archive is truncated");
            }
            if (allZero(block)) {
                return; // end of archive
            }
            char type = (char) (block[156] & 0xff);
            String name = longName != null ? longName : paxPath != null ? paxPath : ustarName(block);
            long size = size(block, name.isEmpty() ? where : name);
            count(BLOCK, 0, where);
            switch (type) {
                case 'L', 'K', 'x', 'X', 'g' -> {
                    if (++metadataRun > MAX_METADATA_RUN) {
                        throw refused(where, "starts more than " + MAX_METADATA_RUN
                                + " metadata headers in a row (long names, PAX)");
                    }
                    if (size > limits.maxHeaderBytes()) {
                        throw refused(where, "is a " + kind(type) + " of " + size + " bytes; at most "
                                + limits.maxHeaderBytes() + " are accepted");
                    }
                    byte[] data = in.readNBytes((int) size);
                    if (data.length < size) {
                        throw refused(where, "is cut short: the archive is truncated");
                    }
                    skip(in, padding(size), where);
                    count(size, padding(size), where);
                    if (type == 'L') {
                        longName = cString(data, 0, data.length);
                    } else if (type != 'K') {
                        String path = pax(data, where);
                        if (type != 'g' && path != null) {
                            paxPath = path;
                        }
                    }
                    continue;
                }
                case '1', '2', '3', '4', '6' -> {
                    return; // a link, device or pipe: refused by name when unpacking, before anything after it is read
                }
                case '0', '\0', '5' -> {
                    // a file or a directory
                }
                default -> throw refused(name, "is a tar entry of type '" + SafeArchive.printable(String.valueOf(type))
                        + "' (sparse, multi-volume or another kind); only files and directories are accepted");
            }
            metadataRun = 0;
            if (name.startsWith("/")) {
                // commons-compress would quietly drop the '/'; an archive that means the host's root is refused
                throw refused(name, "lies outside the archive's directory (absolute path or ..)");
            }
            if (++entries > limits.maxEntries()) {
                throw new ArchiveTooLargeException(SafeArchive.shown(name), "the archive has more than "
                        + limits.maxEntries() + " entries");
            }
            if (size > limits.maxFileBytes()) {
                throw new ArchiveTooLargeException(SafeArchive.shown(name), "is " + size + " bytes: more than "
                        + limits.maxFileBytes() + " bytes for one file");
            }
            if (counted + size > limits.maxTotalBytes()) {
                throw tooLarge(name);
            }
            skip(in, size + padding(size), name);
            count(size, padding(size), name);
            previous = SafeArchive.shown(name);
            longName = null;
            paxPath = null;
        }
    }

    /** Counts bytes of the tar stream against the total and the inflation ratio. */
    private void count(long bytes, long padding, String where) {
        consumed += bytes + padding;
        counted += bytes;
        if (counted > limits.maxTotalBytes()) {
            throw tooLarge(where);
        }
        SafeArchive.checkRatio(consumed, archiveBytes, limits);
    }

    private ArchiveTooLargeException tooLarge(String where) {
        return new ArchiveTooLargeException(SafeArchive.shown(where), "the archive unpacks to more than "
                + limits.maxTotalBytes() + " bytes (tar headers included)");
    }

    private void skip(InputStream in, long bytes, String where) throws IOException {
        long left = bytes;
        while (left > 0) {
            int n = in.read(scratch, 0, (int) Math.min(scratch.length, left));
            if (n < 0) {
                throw refused(where, "is cut short: its header claims more bytes than the archive holds (truncated)");
            }
            left -= n;
            // a bomb is stopped while it inflates, not after a whole entry of it
            SafeArchive.checkRatio(consumed + bytes - left, archiveBytes, limits);
        }
    }

    /** The path a PAX header sets, if any; a {@code size} or sparse record is refused. */
    private static String pax(byte[] data, String where) {
        String path = null;
        int pos = 0;
        while (pos < data.length) {
            int space = pos;
            long length = 0;
            while (space < data.length && data[space] >= '0' && data[space] <= '9' && length < data.length) {
                length = length * 10 + (data[space] - '0');
                space++;
            }
            if (data[pos] == 0 && allZeroFrom(data, pos)) {
                break; // NUL padding after the records
            }
            if (space == pos || space >= data.length || data[space] != ' ' || length <= space - pos + 1
                    || pos + length > data.length || data[(int) (pos + length - 1)] != '\n') {
                throw refused(where, "holds a malformed PAX header");
            }
            int end = (int) (pos + length - 1);
            int equals = space + 1;
            while (equals < end && data[equals] != '=') {
                equals++;
            }
            if (equals == end) {
                throw refused(where, "holds a malformed PAX header");
            }
            String key = new String(data, space + 1, equals - space - 1, StandardCharsets.UTF_8);
            if (key.equals("size")) {
                throw refused(where, "holds a PAX size record; files larger than 8 GiB are not accepted");
            }
            if (key.startsWith("GNU.sparse")) {
                throw refused(where, "describes a sparse file; only files and directories are accepted");
            }
            if (key.equals("path")) {
                path = new String(data, equals + 1, end - equals - 1, StandardCharsets.UTF_8);
            }
            pos += (int) length;
        }
        return path;
    }

    /** The size field as commons-compress reads it: octal, or big-endian binary when its top bit is set. */
    private static long size(byte[] header, String where) {
        int offset = 124;
        int length = 12;
        if ((header[offset] & 0x80) != 0) {
            if (header[offset] == (byte) 0xff) {
                throw refused(where, "has a negative size in its tar header");
            }
            long value = 0;
            for (int i = offset + 1; i < offset + length; i++) {
                if (value > (Long.MAX_VALUE >> 8)) {
                    return Long.MAX_VALUE;
                }
                value = (value << 8) | (header[i] & 0xff);
            }
            return value;
        }
        int start = offset;
        int end = offset + length;
        while (start < end && header[start] == ' ') {
            start++;
        }
        while (end > start && (header[end - 1] == 0 || header[end - 1] == ' ')) {
            end--;
        }
        long value = 0;
        for (int i = start; i < end; i++) {
            byte b = header[i];
            if (b < '0' || b > '7') {
                throw refused(where, "has a malformed size in its tar header");
            }
            value = (value << 3) + (b - '0');
        }
        return value;
    }

    private static String ustarName(byte[] header) {
        String name = cString(header, 0, 100);
        boolean ustar = header[257] == 'u' && header[258] == 's' && header[259] == 't' && header[260] == 'a'
                && header[261] == 'r';
        String prefix = ustar ? cString(header, 345, 155) : "";
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    private static String cString(byte[] bytes, int offset, int length) {
        int end = offset;
        while (end < offset + length && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, offset, end - offset, StandardCharsets.UTF_8);
    }

    private static String kind(char type) {
        return switch (type) {
            case 'L' -> "GNU long name";
            case 'K' -> "GNU long link";
            case 'g' -> "PAX global header";
            default -> "PAX extended header";
        };
    }

    private static long padding(long size) {
        long rest = size % BLOCK;
        return rest == 0 ? 0 : BLOCK - rest;
    }

    private static boolean allZero(byte[] bytes) {
        return allZeroFrom(bytes, 0);
    }

    private static boolean allZeroFrom(byte[] bytes, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static InvalidMaterialsException refused(String where, String problem) {
        return new InvalidMaterialsException(SafeArchive.shown(where), problem);
    }
}
