package dev.paperorchestra.runtime.materials;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import dev.paperorchestra.runtime.latex.TexPrimitives;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/** A materials directory on disk, uploaded to the blob store as the start of a job. */
public final class MaterialsDirectory {

    public static final String IDEA = "idea.md";
    public static final String LOG = "experimental_log.md";
    public static final String TEMPLATE = "template.tex";
    public static final String GUIDELINES = "conference_guidelines.md";
    public static final String FIGURES = "figures";
    /** Optional: recorded Semantic Scholar answers for this job's offline discovery and verification. */
    public static final String SCHOLAR_RECORDS = "scholar_records.json";
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
        Path template = materials.resolve(TEMPLATE);
        try {
            List<TexPrimitives.Finding> forbidden = TexPrimitives.scan(Files.readString(template));
            if (!forbidden.isEmpty()) {
                throw new InvalidMaterialsException(template.toString(), TexPrimitives.describe(forbidden));
            }
        } catch (IOException e) {
            throw new InvalidMaterialsException(template.toString(), "cannot be read (" + e.getMessage() + ")");
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
                .setScholarRecords(optional(directory.resolve(SCHOLAR_RECORDS), MediaTypes.JSON, blobs))
                .build();
        return PaperContext.newBuilder().setPaperId(paperId).setSubmittedAt(now).setMaterials(materials)
                .setOptions(options).setMaterialsDigest(digest(directory, options)).build();
    }

    /**
     * SHA-256 over every file a job reads (the four required files, the figures, the recorded scholar records)
     * by name and content, and the job options: what one paper id stands for.
     *
     * @throws InvalidMaterialsException naming the file that cannot be read
     */
    public static String digest(Path directory, JobOptions options) {
        List<Path> files = new ArrayList<>();
        REQUIRED.forEach(name -> files.add(directory.resolve(name)));
        files.addAll(figureFiles(directory.resolve(FIGURES)));
        Path records = directory.resolve(SCHOLAR_RECORDS);
        if (Files.isRegularFile(records)) {
            files.add(records);
        }
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Path file : files) {
                byte[] content = read(file);
                digest.update((directory.relativize(file) + "\0" + content.length + "\0")
                        .getBytes(StandardCharsets.UTF_8));
                digest.update(content);
            }
            digest.update(("options\0" + options).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new InvalidMaterialsException(file.toString(), "cannot be read (" + e.getMessage() + ")");
        }
    }

    private static ArtifactRef upload(Path directory, String name, String mediaType, BlobStore blobs) {
        Path file = directory.resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new InvalidMaterialsException(file.toString(), "required file is missing");
        }
        return put(file, mediaType, blobs);
    }

    private static @Nullable ArtifactRef optional(Path file, String mediaType, BlobStore blobs) {
        if (!Files.exists(file)) {
            return null;
        }
        if (!Files.isRegularFile(file)) {
            throw new InvalidMaterialsException(file.toString(), "is not a regular file");
        }
        return put(file, mediaType, blobs);
    }

    private static ArtifactRef put(Path file, String mediaType, BlobStore blobs) {
        try {
            return blobs.put(Files.readAllBytes(file), mediaType);
        } catch (IOException e) {
            throw new InvalidMaterialsException(file.toString(), "cannot be read (" + e.getMessage() + ")");
        }
    }

    private static List<NamedArtifact> figures(Path figures, BlobStore blobs) {
        List<NamedArtifact> result = new ArrayList<>();
        for (Path file : figureFiles(figures)) {
            String name = file.getFileName().toString();
            result.add(NamedArtifact.newBuilder().setName(name)
                    .setArtifact(blobs.put(read(file), MediaTypes.forFileName(name))).build());
        }
        return result;
    }

    /** The PDFs and images directly under figures/, by name. */
    private static List<Path> figureFiles(Path figures) {
        if (!Files.isDirectory(figures)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(figures)) {
            return files.filter(Files::isRegularFile).sorted().filter(file -> {
                String mediaType = MediaTypes.forFileName(file.getFileName().toString());
                return mediaType.equals(MediaTypes.PDF) || mediaType.startsWith("image/");
            }).toList();
        } catch (IOException e) {
            throw new InvalidMaterialsException(figures.toString(), "cannot be read (" + e.getMessage() + ")");
        }
    }
}
