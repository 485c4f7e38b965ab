package dev.paperorchestra.content.outputs;

import dev.paperorchestra.model.summary.RunSummary;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.schemas.NamedArtifact;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Every output of a completed paper by the path relative to OUT/&lt;paperId&gt;/ that paper-completed gives it
 * (paper.pdf, summary.json, reviews/iteration-0.json, figures/...). {@code po run} writes them to disk, the
 * paper service serves them one by one or as a zip; the names mean the same in all three.
 */
public final class PaperOutputs {

    private final List<NamedArtifact> artifacts;
    private final BlobStore blobs;

    public PaperOutputs(List<NamedArtifact> artifacts, BlobStore blobs) {
        this.artifacts = artifacts.stream().sorted(Comparator.comparing(NamedArtifact::getName)).toList();
        this.blobs = blobs;
    }

    public List<NamedArtifact> artifacts() {
        return artifacts;
    }

    public Optional<NamedArtifact> find(String name) {
        return artifacts.stream().filter(artifact -> artifact.getName().equals(name)).findFirst();
    }

    public byte[] read(NamedArtifact artifact) {
        return blobs.get(artifact.getArtifact());
    }

    /**
     * The run's summary.json as its type; empty when there is none (a paper not completed, or a revision, whose
     * summary is revision/summary.json).
     *
     * @throws IllegalArgumentException when it is not a summary this code reads (e.g. one written by a newer po)
     */
    public Optional<RunSummary> runSummary() {
        return find("summary.json").map(artifact -> RunSummary.parse(new String(read(artifact),
                StandardCharsets.UTF_8)));
    }

    /** Writes every output under {@code paperDir}; returns it. */
    public Path writeTo(Path paperDir) {
        Path root = paperDir.toAbsolutePath().normalize();
        try {
            Files.createDirectories(root);
            for (NamedArtifact artifact : artifacts) {
                Path target = inside(root, artifact.getName());
                Files.createDirectories(target.getParent());
                Files.write(target, read(artifact));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write outputs to " + root, e);
        }
        return root;
    }

    /** Writes every output into a zip, each under {@code folder/name}. */
    public void zipTo(OutputStream out, String folder) throws IOException {
        ZipOutputStream zip = new ZipOutputStream(out);
        for (NamedArtifact artifact : artifacts) {
            inside(Path.of("/bundle"), artifact.getName());
            zip.putNextEntry(new ZipEntry(folder + "/" + artifact.getName()));
            zip.write(read(artifact));
            zip.closeEntry();
        }
        zip.finish();
    }

    /**
     * The path of an output name below a directory.
     *
     * @throws IllegalStateException when the name would leave it (an absolute name or {@code ..})
     */
    public static Path inside(Path directory, String name) {
        Path target = directory.resolve(name).normalize();
        if (name.isBlank() || Path.of(name).isAbsolute() || !target.startsWith(directory) || target.equals(directory)) {
            throw new IllegalStateException("output name escapes the output directory: " + name);
        }
        return target;
    }
}
