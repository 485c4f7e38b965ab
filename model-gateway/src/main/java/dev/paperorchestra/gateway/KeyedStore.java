package dev.paperorchestra.gateway;

import java.util.Optional;

/**
 * Where the gateway keeps answers by key (the response cache). The gateway owns this port so it needs no blob
 * store of its own; an agent passes its blob store, which is one.
 */
public interface KeyedStore {

    /**
     * Stores content under a caller-chosen key inside a namespace (e.g. the LLM response cache, keyed by the
     * hash of a request). A second write of the same key replaces the first atomically.
     */
    void putKeyed(String namespace, String key, byte[] content);

    /** The content stored under the key, or empty when nothing is. */
    Optional<byte[]> getKeyed(String namespace, String key);
}
