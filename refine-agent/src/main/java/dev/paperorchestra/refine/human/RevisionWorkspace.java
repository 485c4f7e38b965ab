package dev.paperorchestra.refine.human;

import dev.paperorchestra.content.materials.FigureNames;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.schemas.NamedArtifact;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A revision's files written out of the blob store into a directory of their own, so the revision reads them
 * exactly as {@code po revise} reads a directory (same main-file choice, same review readers). Every name comes
 * from an upload: only plain relative paths are written, and nothing outside the directory.
 */
final class RevisionWorkspace implements AutoCloseable {

    private static final int MAX_SEGMENTS = 4;
    private static final int MAX_SEGMENT = 128;

    private final Path root;

    private RevisionWorkspace(Path root) {
        this.root = root;
    }

    static RevisionWorkspace create(Path parent, String paperId) {
        try {
            Files.createDirectories(parent);
            return new RevisionWorkspace(Files.createTempDirectory(parent, "revision-"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a work directory for paper " + paperId, e);
        }
    }

    Path root() {
        return root;
    }

    /** Writes the files under {@code root/directory}; returns that directory. */
    Path write(String directory, List<NamedArtifact> files, BlobStore blobs) {
        Path target = root.resolve(directory);
        try {
            Files.createDirectories(target);
            for (NamedArtifact file : files) {
                Path path = target.resolve(checked(file.getName()));
                Files.createDirectories(path.getParent());
                Files.write(path, blobs.get(file.getArtifact()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the revision's " + directory, e);
        }
        return target;
    }

    /**
     * A relative '/'-separated path of at most four plain segments (letters, digits, '_', '.', '+', '-', not
     * starting with a dot).
     *
     * @throws PermanentException for anything else: a traversal, an absolute path, a hidden file
     */
    static String checked(String name) {
        String[] segments = name.split("/", -1);
        if (segments.length > MAX_SEGMENTS) {
            throw new PermanentException("file name nested too deep: " + name);
        }
        for (String segment : segments) {
            if (!FigureNames.safeName(segment, MAX_SEGMENT, true) || segment.equals("..")) {
                throw new PermanentException("not a plain relative file name: " + name);
            }
        }
        return name;
    }

    @Override
    public void close() {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            // a leftover work directory is harmless; the next revision uses a directory of its own
        }
    }
}
