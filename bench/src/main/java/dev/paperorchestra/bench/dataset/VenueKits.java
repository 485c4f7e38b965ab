package dev.paperorchestra.bench.dataset;

import dev.paperorchestra.content.materials.TemplateKit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A directory of venue author kits ({@code --venues DIR}): every sub-directory is one venue, named by its
 * directory name ({@code neurips2025}, {@code acl-long}, ...), holding {@code template.tex}, the guidelines in
 * prose ({@code guidelines.md}, or {@code conference_guidelines.md}) and the kit's style files.
 */
public record VenueKits(@Nullable Path root, Map<String, Path> kits) {

    /** The guidelines file of a kit, first match wins. */
    static final java.util.List<String> GUIDELINES = java.util.List.of("guidelines.md", "conference_guidelines.md");
    public VenueKits {
        // in name order, as messages list them
        kits = java.util.Collections.unmodifiableMap(new TreeMap<>(kits));
    }

    public static VenueKits none() {
        return new VenueKits(null, Map.of());
    }

    /** @throws IllegalArgumentException when the directory does not exist or holds no kit */
    public static VenueKits scan(Path root) {
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException("--venues " + root + " is not a directory");
        }
        Map<String, Path> kits = new TreeMap<>();
        try (Stream<Path> children = Files.list(root)) {
            children.filter(dir -> Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS))
                    .filter(dir -> !dir.getFileName().toString().startsWith("."))
                    .filter(dir -> Files.isRegularFile(dir.resolve("template.tex"), LinkOption.NOFOLLOW_LINKS))
                    .forEach(dir -> kits.put(dir.getFileName().toString(), dir));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root, e);
        }
        if (kits.isEmpty()) {
            throw new IllegalArgumentException("--venues " + root + " holds no venue kit (a directory with template.tex)");
        }
        return new VenueKits(root.toAbsolutePath().normalize(), kits);
    }

    /** The kit of that name, case as written or not. */
    public Optional<Path> kit(String name) {
        String wanted = name.strip();
        if (kits.containsKey(wanted)) {
            return Optional.of(kits.get(wanted));
        }
        return kits.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(wanted)).map(Map.Entry::getValue)
                .findFirst();
    }

    /** The kit's guidelines file, if it has one. */
    static Optional<Path> guidelines(Path kit) {
        return GUIDELINES.stream().map(kit::resolve).filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS))
                .findFirst();
    }

    /**
     * The kinds of file a kit brings beside template.tex, as the compile takes them; a kit's sample .bib is left
     * out: the paper's references.bib is what its \\bibliography reads.
     */
    static boolean kitFile(String name) {
        return TemplateKit.kitFile(name);
    }

    /** For messages: the kits there are. */
    String known() {
        return kits.isEmpty() ? "no --venues given" : "kits in " + root + ": " + String.join(", ", kits.keySet());
    }
}
