package dev.paperorchestra.runtime.archive;

/**
 * The most an archive may unpack to.
 *
 * @param maxEntries    files and directories in it
 * @param maxTotalBytes bytes of all its files together, counted while unpacking (a small archive may inflate)
 */
public record ArchiveLimits(int maxEntries, long maxTotalBytes) {

    public ArchiveLimits {
        if (maxEntries < 1 || maxTotalBytes < 1) {
            throw new IllegalArgumentException("archive limits must be positive");
        }
    }
}
