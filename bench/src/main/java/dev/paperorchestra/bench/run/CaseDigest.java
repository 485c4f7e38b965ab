package dev.paperorchestra.bench.run;

import dev.paperorchestra.bench.dataset.BenchCase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a case is, for resuming: SHA-256 over every file of its materials directory (name and content, in name
 * order; {@code reference/} left out, it never reaches the pipeline) and the job options that shape its paper.
 * A case whose digest differs from the one its journal entry recorded is another case under the same name,
 * so its old result is never reused as if it were this one's. Every file counts, not only those the intake
 * reads today: a digest too eager reruns a case, one too lax reports a stale paper.
 */
public final class CaseDigest {

    private CaseDigest() {
    }

    /** @param options the job options as text, or the reason they cannot be had (an invalid case) */
    public static String of(BenchCase benchCase, String options) {
        Path root = benchCase.materials();
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            List<Path> files;
            try (Stream<Path> walk = Files.walk(root)) {
                files = walk.filter(file -> Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS))
                        .filter(file -> !root.relativize(file).startsWith(BenchCase.REFERENCE_DIR))
                        .sorted().toList();
            }
            for (Path file : files) {
                byte[] content = Files.readAllBytes(file);
                digest.update((root.relativize(file) + "\0" + content.length + "\0").getBytes(StandardCharsets.UTF_8));
                digest.update(content);
            }
            digest.update(("options\0" + options).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the materials of case " + benchCase.name(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
