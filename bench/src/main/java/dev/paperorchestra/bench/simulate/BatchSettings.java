package dev.paperorchestra.bench.simulate;

import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;

/**
 * How the stand-in model server's batch endpoints behave.
 *
 * @param delay           how long a batch takes from acceptance to its end, before the time factor compresses it
 * @param failureFraction the share of items that fail on purpose (0 to 1), chosen from each item's custom id and
 *                        the server's seed, so the same ids fail on every run
 * @param expire          true: every batch expires at its end instead of completing, and no item is answered
 */
public record BatchSettings(Duration delay, double failureFraction, boolean expire) {

    public BatchSettings {
        if (delay.isNegative()) {
            throw new IllegalArgumentException("the batch delay cannot be negative: " + delay);
        }
        if (!(failureFraction >= 0 && failureFraction <= 1)) {
            throw new IllegalArgumentException("the batch failure fraction must be between 0 and 1, not "
                    + failureFraction);
        }
    }

    /** Batches that end a minute after acceptance (before compression) with every item answered. */
    public static BatchSettings defaults() {
        return new BatchSettings(Duration.ofMinutes(1), 0, false);
    }

    /** The delay divided by the time factor. */
    Duration compressedDelay(double timeFactor) {
        return Duration.ofNanos(Math.round(delay.toNanos() / timeFactor));
    }

    /** Whether the item with this custom id fails on purpose: a hash of seed and id, so tests can repeat it. */
    boolean fails(String customId, long seed) {
        if (failureFraction == 0) {
            return false;
        }
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
        byte[] digest = sha.digest((seed + ":" + customId).getBytes(StandardCharsets.UTF_8));
        double uniform = (ByteBuffer.wrap(digest).getLong() >>> 11) * 0x1.0p-53;
        return uniform < failureFraction;
    }
}
