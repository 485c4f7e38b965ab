package dev.paperorchestra.service.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A short fingerprint of a bearer token (the first 8 hex digits of its SHA-256): enough to tell a deployment's
 * tokens apart in a decision's record, useless for recovering the token.
 */
public final class Fingerprints {

    private Fingerprints() {
    }

    public static String of(String token) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
