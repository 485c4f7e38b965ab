package dev.paperorchestra.runtime.blob;

import dev.paperorchestra.schemas.ArtifactRef;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * Blob store in a local directory: {@code root/ab/abcdef...}, and keyed entries under
 * {@code root/keyed/<namespace>/<key>}. Writes go to a temporary file first and are
 * moved into place atomically, so a reader never sees half a blob even when several agents share the root.
 */
public final class LocalBlobStore implements BlobStore {

    private final Path root;

    public LocalBlobStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
        try {
            Files.createDirectories(this.root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create blob store directory " + this.root, e);
        }
    }

    @Override
    public ArtifactRef put(byte[] content, String mediaType) {
        String sha = BlobKeys.sha256(content);
        Path target = pathOf(sha);
        if (!Files.exists(target)) {
            writeAtomically(target, content, sha);
        }
        return ArtifactRef.newBuilder().setUri(target.toUri().toString()).setSha256(sha)
                .setSizeBytes(content.length).setMediaType(mediaType).build();
    }

    @Override
    public byte[] get(ArtifactRef ref) {
        Path path = pathOf(ref.getSha256());
        byte[] content;
        try {
            content = Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            throw new BlobNotFoundException("blob " + ref.getSha256() + " (" + ref.getMediaType()
                    + ") is not in the store at " + root, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read blob " + path, e);
        }
        return BlobKeys.verified(content, ref.getSha256(), path.toString());
    }

    @Override
    public void putKeyed(String namespace, String key, byte[] content) {
        writeAtomically(keyedPath(namespace, key), content, key);
    }

    @Override
    public Optional<byte[]> getKeyed(String namespace, String key) {
        Path path = keyedPath(namespace, key);
        try {
            return Optional.of(Files.readAllBytes(path));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read keyed blob " + path, e);
        }
    }

    private Path keyedPath(String namespace, String key) {
        BlobKeys.checkKeyed(namespace, key);
        return root.resolve("keyed").resolve(namespace).resolve(key);
    }

    private void writeAtomically(Path target, byte[] content, String label) {
        try {
            Files.createDirectories(target.getParent());
            Path tmp = Files.createTempFile(target.getParent(), "blob-", ".tmp");
            Files.write(tmp, content);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write blob " + label + " under " + root, e);
        }
    }

    private Path pathOf(String sha) {
        BlobKeys.checkedSha(sha);
        return root.resolve(sha.substring(0, 2)).resolve(sha);
    }
}
