package dev.paperorchestra.content.materials;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import org.jspecify.annotations.Nullable;

/**
 * What a file of a materials directory may be on disk, one rule for every front door: {@code po run}'s intake
 * reads by it, and {@code po submit} / {@code po bench --server} pack by it, so a file refused by one is refused
 * by all, in the same words. Only a plain file: a symbolic link could bring in any file the process can read
 * (wherever it points, even inside the directory, so no rule has to decide where a link leads), a pipe could
 * block the reader forever, a device could be endless.
 */
public final class MaterialsFileRule {

    public static final String LINK = "is a symbolic link; links are refused, whatever they point to: "
            + "copy the file (or directory) itself into the materials directory";
    public static final String NOT_REGULAR = "is not a regular file (a device, pipe or socket)";

    private MaterialsFileRule() {
    }

    /** The path's own attributes: a link is described, never followed. */
    public static BasicFileAttributes attributes(Path path) throws IOException {
        return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    }

    /** Null for a plain file; otherwise what is wrong with it, as {@link MaterialsProblem#problem()} says it. */
    public static @Nullable String problem(BasicFileAttributes attributes) {
        if (attributes.isSymbolicLink()) {
            return LINK;
        }
        if (!attributes.isRegularFile()) {
            return attributes.isDirectory() ? "is a directory, not a file" : NOT_REGULAR;
        }
        return null;
    }
}
