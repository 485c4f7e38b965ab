package dev.paperorchestra.cli.pipeline;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.kafka.PaperIds;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes every artifact of a completed paper to OUT/&lt;paperId&gt;/ under the names it carries. */
public final class OutputWriter {

    private final BlobStore blobs;

    public OutputWriter(BlobStore blobs) {
        this.blobs = blobs;
    }

    public Path write(PaperCompletedEvent completed, Path outRoot) {
        Path paperDir = outRoot.resolve(PaperIds.requireValid(completed.getContext().getPaperId())).toAbsolutePath().normalize();
        try {
            Files.createDirectories(paperDir);
            for (NamedArtifact artifact : completed.getArtifacts()) {
                Path target = paperDir.resolve(artifact.getName()).normalize();
                if (!target.startsWith(paperDir)) {
                    throw new IllegalStateException("artifact name escapes the output directory: " + artifact.getName());
                }
                Files.createDirectories(target.getParent());
                Files.write(target, blobs.get(artifact.getArtifact()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write outputs to " + paperDir, e);
        }
        return paperDir;
    }
}
