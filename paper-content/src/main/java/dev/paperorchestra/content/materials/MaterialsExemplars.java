package dev.paperorchestra.content.materials;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.schemas.NamedArtifact;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The optional exemplars/ directory of the materials: exemplar papers of the field (.tex or .pdf) whose section
 * plan the outline follows. Hostile input: only regular files directly inside it (no link, no subdirectory), at most
 * {@link #MAX_FILES} of them in name order, a .tex of at most {@link #MAX_TEX_BYTES} and a .pdf of at most
 * {@link #MAX_PDF_BYTES}; anything else is left out with a warning, never executed or compiled.
 */
public final class MaterialsExemplars {

    public static final String DIRECTORY = "exemplars";
    public static final int MAX_FILES = 5;
    public static final int MAX_TEX_BYTES = 2 << 20;
    public static final int MAX_PDF_BYTES = 20 << 20;

    private static final Logger log = LoggerFactory.getLogger(MaterialsExemplars.class);

    private MaterialsExemplars() {
    }

    /** The exemplars within the limits, uploaded, named by file name; empty without an exemplars/ directory. */
    public static List<NamedArtifact> upload(Path materials, BlobStore blobs) {
        List<NamedArtifact> exemplars = new ArrayList<>();
        try {
            for (Path file : accepted(materials)) {
                String name = file.getFileName().toString();
                exemplars.add(NamedArtifact.newBuilder().setName(name)
                        .setArtifact(blobs.put(Files.readAllBytes(file), MediaTypes.forFileName(name))).build());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the exemplars of " + materials, e);
        }
        return exemplars;
    }

    /** The exemplar files within the limits, in name order (what the job reads, so also what its digest covers). */
    public static List<Path> accepted(Path materials) {
        Path directory = materials.resolve(DIRECTORY);
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        List<Path> accepted = new ArrayList<>();
        try (Stream<Path> listed = Files.list(directory)) {
            for (Path file : listed.sorted().toList()) {
                String name = file.getFileName().toString();
                String problem = problem(file, name);
                if (problem == null && accepted.size() == MAX_FILES) {
                    problem = "more than " + MAX_FILES + " exemplars";
                }
                if (problem != null) {
                    log.warn("exemplar {} left out: {}", name, problem);
                } else {
                    accepted.add(file);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + directory, e);
        }
        return accepted;
    }

    /** Why a file is not an acceptable exemplar, or null when it is. */
    static @Nullable String problem(Path file, String name) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return "not a regular file";
        }
        String lower = name.toLowerCase(Locale.ROOT);
        long size = Files.size(file);
        if (lower.endsWith(".tex")) {
            return size > MAX_TEX_BYTES ? "larger than " + MAX_TEX_BYTES + " bytes" : null;
        }
        if (lower.endsWith(".pdf")) {
            return size > MAX_PDF_BYTES ? "larger than " + MAX_PDF_BYTES + " bytes" : null;
        }
        return "neither .tex nor .pdf";
    }
}
