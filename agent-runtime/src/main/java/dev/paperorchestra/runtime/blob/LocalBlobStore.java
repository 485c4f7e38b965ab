package dev.paperorchestra.runtime.blob;

import dev.paperorchestra.schemas.ArtifactRef;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Blob store in a local directory: {@code root/ab/abcdef...}. Writes go to a temporary file first and are
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
        String sha = sha256(content);
        Path target = pathOf(sha);
        try {
            if (!Files.exists(target)) {
                Files.createDirectories(target.getParent());
                Path tmp = Files.createTempFile(target.getParent(), sha, ".tmp");
                Files.write(tmp, content);
                try {
                    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write blob " + sha + " under " + root, e);
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
        if (!sha256(content).equals(ref.getSha256())) {
            throw new BlobNotFoundException("blob " + path + " does not match its hash; the store is corrupt");
        }
        return content;
    }

    private Path pathOf(String sha) {
        if (!sha.matches("[0-9a-f]{64}")) {
            throw new BlobNotFoundException("not a sha256 blob id: " + sha);
        }
        return root.resolve(sha.substring(0, 2)).resolve(sha);
    }

    static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every JVM", e);
        }
    }
}
