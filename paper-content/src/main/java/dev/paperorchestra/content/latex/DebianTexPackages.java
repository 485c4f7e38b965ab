package dev.paperorchestra.content.latex;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which Debian package ships a TeX file (class, package, BibTeX style, input file, font metric or outline font,
 * font definition, encoding, map), read offline from a table made from Debian's own file lists (bookworm, TeX
 * Live 2022) by {@code scripts/tex-debian-files}. A file the table lacks may still be on CTAN; the caller says so.
 */
public final class DebianTexPackages {

    private static final String TABLE = "debian-tex-files.txt.gz";
    private static final Map<String, String> PACKAGES = load();

    private DebianTexPackages() {
    }

    /** The Debian package that provides {@code file} (e.g. {@code lmodern.sty} to {@code lmodern}), if known. */
    public static Optional<String> providing(String file) {
        return Optional.ofNullable(PACKAGES.get(file));
    }

    private static Map<String, String> load() {
        try (InputStream resource = DebianTexPackages.class.getResourceAsStream(TABLE)) {
            if (resource == null) {
                throw new IllegalStateException(TABLE + " is missing from the classpath");
            }
            InputStream in = new java.util.zip.GZIPInputStream(resource);
            Map<String, String> packages = new HashMap<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] words = line.strip().split("\\s+");
                for (int i = 1; i < words.length; i++) {
                    packages.putIfAbsent(words[i], words[0]);
                }
            }
            return Map.copyOf(packages);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + TABLE, e);
        }
    }
}
