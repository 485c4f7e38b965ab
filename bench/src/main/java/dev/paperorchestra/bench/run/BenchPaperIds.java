package dev.paperorchestra.bench.run;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Paper ids of a bench run: {@code <case>-<run tag>-<attempt>}. Deterministic, so a resumed run asks the
 * deployment about exactly the id it may have submitted before it was killed, and never submits a case twice;
 * the run tag (from BENCH_DIR's run id) keeps two bench directories on one deployment apart.
 */
public final class BenchPaperIds {

    private static final int MAX_CASE_PART = 40;

    private BenchPaperIds() {
    }

    public static String of(String caseName, String runTag, int attempt) {
        String slug = caseName.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        if (slug.length() > MAX_CASE_PART) {
            slug = slug.substring(0, MAX_CASE_PART).replaceAll("-$", "");
        }
        return (slug.isEmpty() ? "case" : slug) + "-" + runTag + "-" + attempt;
    }

    /** Six hex digits of the run id's SHA-256. */
    public static String runTag(String runId) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(runId.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 3);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
