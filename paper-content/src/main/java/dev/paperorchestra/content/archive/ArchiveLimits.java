package dev.paperorchestra.content.archive;

/**
 * The most an archive may unpack to. Every dimension is bounded, so that what an archive costs the host (heap
 * while its headers are read, disk while it is written, time while it is inflated) has a ceiling whatever its
 * bytes say.
 *
 * @param maxEntries      files and directories in it
 * @param maxTotalBytes   bytes of all its files together, counted while unpacking (a small archive may inflate);
 *                        a tar's headers and padding count too
 * @param maxFileBytes    bytes of one file
 * @param maxDepth        directories above a file inside the archive, plus one ({@code a/b/c.md} is 3 deep)
 * @param maxNameLength   characters of an entry's whole name
 * @param maxRatio        unpacked bytes per archive byte, checked once more than {@link #RATIO_FLOOR} bytes are
 *                        unpacked (tiny archives of tar padding compress far better than any materials)
 * @param maxHeaderBytes  bytes of one entry's metadata: a tar GNU long name or long link, a PAX extended or global
 *                        header; a zip entry's extra field or comment
 */
public record ArchiveLimits(int maxEntries, long maxTotalBytes, long maxFileBytes, int maxDepth, int maxNameLength,
        int maxRatio, int maxHeaderBytes) {

    /** Unpacked bytes below which the compression ratio is not checked. */
    public static final long RATIO_FLOOR = 1L << 20;
    public static final int DEFAULT_MAX_DEPTH = 32;
    public static final int DEFAULT_MAX_NAME_LENGTH = 1024;
    public static final int DEFAULT_MAX_RATIO = 200;
    public static final int DEFAULT_MAX_HEADER_BYTES = 4096;

    public ArchiveLimits {
        if (maxEntries < 1 || maxTotalBytes < 1 || maxFileBytes < 1 || maxDepth < 1 || maxNameLength < 1
                || maxRatio < 1 || maxHeaderBytes < 512) {
            throw new IllegalArgumentException("archive limits must be positive (and headers at least 512 bytes)");
        }
    }

    /** At most {@code maxEntries} entries and {@code maxTotalBytes} bytes, one file as large as all; the rest default. */
    public ArchiveLimits(int maxEntries, long maxTotalBytes) {
        this(maxEntries, maxTotalBytes, maxTotalBytes, DEFAULT_MAX_DEPTH, DEFAULT_MAX_NAME_LENGTH, DEFAULT_MAX_RATIO,
                DEFAULT_MAX_HEADER_BYTES);
    }

    public ArchiveLimits withMaxFileBytes(long bytes) {
        return new ArchiveLimits(maxEntries, maxTotalBytes, bytes, maxDepth, maxNameLength, maxRatio, maxHeaderBytes);
    }

    public ArchiveLimits withMaxRatio(int ratio) {
        return new ArchiveLimits(maxEntries, maxTotalBytes, maxFileBytes, maxDepth, maxNameLength, ratio, maxHeaderBytes);
    }
}
