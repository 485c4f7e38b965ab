package dev.paperorchestra.runtime.materials;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** A materials directory on disk, uploaded to the blob store as the start of a job. */
public final class MaterialsDirectory {

    public static final String IDEA = "idea.md";
    public static final String LOG = "experimental_log.md";
    public static final String TEMPLATE = "template.tex";
    public static final String GUIDELINES = "conference_guidelines.md";
    public static final String FIGURES = "figures";
    public static final List<String> REQUIRED = List.of(IDEA, LOG, TEMPLATE, GUIDELINES);

    private MaterialsDirectory() {
    }

    /**
     * The checks every door applies before anything is stored or started ({@code po run} before its broker
     * starts, the paper service before it stores an upload): what can be seen from the file system.
     *
     * @throws InvalidMaterialsException naming the file and the problem
     */
    public static void check(Path materials) {
        if (!Files.isDirectory(materials)) {
            throw new InvalidMaterialsException(materials.toString(), "materials directory does not exist");
        }
        for (String name : REQUIRED) {
            if (!Files.isRegularFile(materials.resolve(name))) {
                throw new InvalidMaterialsException(materials.resolve(name).toString(), "required file is missing");
            }
        }
    }

    /**
     * Uploads the materials and returns the job's context.
     *
     * @throws InvalidMaterialsException naming the file when the directory or a required file is missing or
     *                                   unreadable
     */
    public static PaperContext upload(Path directory, String paperId, JobOptions options, BlobStore blobs,
            Instant now) {
        if (!Files.isDirectory(directory)) {
            throw new InvalidMaterialsException(directory.toString(), "not a directory");
        }
        Materials materials = Materials.newBuilder()
                .setSourceDirectory(directory.toString())
                .setIdea(upload(directory, IDEA, MediaTypes.MARKDOWN, blobs))
                .setExperimentalLog(upload(directory, LOG, MediaTypes.MARKDOWN, blobs))
                .setTemplate(upload(directory, TEMPLATE, MediaTypes.TEX, blobs))
                .setGuidelines(upload(directory, GUIDELINES, MediaTypes.MARKDOWN, blobs))
                .setFigures(figures(directory.resolve(FIGURES), blobs))
                .build();
        return PaperContext.newBuilder().setPaperId(paperId).setSubmittedAt(now).setMaterials(materials)
                .setOptions(options).build();
    }

    private static ArtifactRef upload(Path directory, String name, String mediaType, BlobStore blobs) {
        Path file = directory.resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new InvalidMaterialsException(file.toString(), "required file is missing");
        }
        try {
            return blobs.put(Files.readAllBytes(file), mediaType);
        } catch (IOException e) {
            throw new InvalidMaterialsException(file.toString(), "cannot be read (" + e.getMessage() + ")");
        }
    }

    private static List<NamedArtifact> figures(Path figures, BlobStore blobs) {
        if (!Files.isDirectory(figures)) {
            return List.of();
        }
        List<NamedArtifact> result = new ArrayList<>();
        try (Stream<Path> files = Files.list(figures)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = file.getFileName().toString();
                String mediaType = MediaTypes.forFileName(name);
                if (mediaType.equals(MediaTypes.PDF) || mediaType.startsWith("image/")) {
                    result.add(NamedArtifact.newBuilder().setName(name)
                            .setArtifact(blobs.put(Files.readAllBytes(file), mediaType)).build());
                }
            }
        } catch (IOException e) {
            throw new InvalidMaterialsException(figures.toString(), "cannot be read (" + e.getMessage() + ")");
        }
        return result;
    }
}
