package dev.paperorchestra.runtime.blob;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/** The names every blob store shares: a blob's address is its SHA-256, keyed entries are plain names. */
final class BlobKeys {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,200}");
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    private BlobKeys() {
    }

    static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every JVM", e);
        }
    }

    /** The sha itself, once checked; a claim-check with anything else cannot point into a store. */
    static String checkedSha(String sha) {
        if (!SHA256.matcher(sha).matches()) {
            throw new BlobNotFoundException("not a sha256 blob id: " + sha);
        }
        return sha;
    }

    /** Refuses namespace or key names that could climb out of their place in the store. */
    static void checkKeyed(String namespace, String key) {
        if (!NAME.matcher(namespace).matches() || !NAME.matcher(key).matches() || key.startsWith(".")
                || namespace.startsWith(".")) {
            throw new IllegalArgumentException("keyed blob names are letters, digits, '.', '_' and '-': "
                    + namespace + "/" + key);
        }
    }

    /** The content read back under a claim-check, refused when it is not what was stored. */
    static byte[] verified(byte[] content, String sha, String where) {
        if (!sha256(content).equals(sha)) {
            throw new BlobNotFoundException("blob " + where + " does not match its hash; the store is corrupt");
        }
        return content;
    }
}
