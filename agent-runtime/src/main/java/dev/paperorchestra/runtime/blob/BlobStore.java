package dev.paperorchestra.runtime.blob;

import dev.paperorchestra.schemas.ArtifactRef;
import java.nio.charset.StandardCharsets;
import dev.paperorchestra.gateway.KeyedStore;

/**
 * Content-addressed store for every artifact an event refers to (claim-check). Equal content has one
 * address, so writing the same artifact twice (a redelivered event) costs nothing and changes nothing.
 */
public interface BlobStore extends KeyedStore {

    /** Stores the content and returns its claim-check. */
    ArtifactRef put(byte[] content, String mediaType);

    /**
     * Reads the content behind a claim-check.
     *
     * @throws BlobNotFoundException when the blob is missing or its content no longer matches its hash
     */
    byte[] get(ArtifactRef ref);

    default ArtifactRef putText(String text, String mediaType) {
        return put(text.getBytes(StandardCharsets.UTF_8), mediaType);
    }

    default String getText(ArtifactRef ref) {
        return new String(get(ref), StandardCharsets.UTF_8);
    }
}
