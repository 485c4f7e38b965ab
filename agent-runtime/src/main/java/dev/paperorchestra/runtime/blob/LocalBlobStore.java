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
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Blob store in a local directory: {@code root/ab/abcdef...}, and keyed entries under
 * {@code root/keyed/<namespace>/<key>}. Writes go to a temporary file first and are
 * moved into place atomically, so a reader never sees half a blob even when several agents share the root.
 */
public final class LocalBlobStore implements BlobStore {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,200}");

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
        if (!sha256(content).equals(ref.getSha256())) {
            throw new BlobNotFoundException("blob " + path + " does not match its hash; the store is corrupt");
        }
        return content;
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
        if (!NAME.matcher(namespace).matches() || !NAME.matcher(key).matches() || key.startsWith(".")) {
            throw new IllegalArgumentException("keyed blob names are letters, digits, '.', '_' and '-': "
                    + namespace + "/" + key);
        }
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
