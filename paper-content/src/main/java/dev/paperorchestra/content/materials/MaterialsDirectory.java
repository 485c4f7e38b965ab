package dev.paperorchestra.content.materials;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.content.materials.MaterialsSource.SizeLimit;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.nio.file.LinkOption;
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

    private static final SizeLimit UNCHECKED_CEILING = new SizeLimit(64L << 20,
            "the ceiling of uploads that skip the intake");

    private MaterialsDirectory() {
    }

    /** Uploads materials that passed {@link MaterialsIntake} and returns the job's context. */
    public static PaperContext upload(CheckedMaterials checked, String paperId, BlobStore blobs, Instant now) {
        MaterialsContent content = checked.content();
        Materials materials = Materials.newBuilder()
                .setSourceDirectory(checked.directory().toString())
                .setIdea(blobs.putText(content.idea(), MediaTypes.MARKDOWN))
                .setExperimentalLog(blobs.putText(content.experimentalLog(), MediaTypes.MARKDOWN))
                .setTemplate(blobs.putText(content.template().source(), MediaTypes.TEX))
                .setGuidelines(blobs.putText(content.guidelinesText(), MediaTypes.MARKDOWN))
                .setFigures(figures(checked.directory(), checked.figures(), blobs))
                .setScholarRecords(scholarRecords(checked.scholarRecords(), blobs))
                .setTemplateFiles(kit(checked.kit(), blobs))
                .setExemplars(MaterialsExemplars.upload(checked.directory(), blobs))
                .build();
        return PaperContext.newBuilder().setPaperId(paperId).setSubmittedAt(now).setMaterials(materials)
                .setOptions(checked.options()).setMaterialsDigest(digest(checked.directory(), checked.kit(),
                        checked.options()))
                .build();
    }

    /**
     * Uploads the materials as they are, content unchecked (the outline agent checks it), for callers that
     * build jobs themselves; only the file rules hold: no links, devices or pipes, sizes within the default
     * limits, figures as {@link MaterialsIntake} accepts them.
     *
     * @throws InvalidMaterialsException naming the file when the directory or a required file is missing or
     *                                   unusable
     */
    public static PaperContext upload(Path directory, String paperId, JobOptions options, BlobStore blobs,
            Instant now) {
        return upload(directory, null, paperId, options, blobs, now);
    }

    /**
     * As {@link #upload(Path, String, JobOptions, BlobStore, Instant)}, the template and its author kit taken from
     * {@code templateDir} when given, else found in the materials ({@link TemplateKit#find}); the kit's files
     * within the default limits.
     */
    public static PaperContext upload(Path directory, @Nullable Path templateDir, String paperId, JobOptions options,
            BlobStore blobs, Instant now) {
        if (!Files.isDirectory(directory)) {
            throw new InvalidMaterialsException(directory.toString(), "not a directory");
        }
        MaterialsLimits limits = MaterialsLimits.defaults();
        MaterialsFiles files = new MaterialsFiles(directory);
        List<MaterialsProblem> problems = new ArrayList<>();
        List<Path> figures = MaterialsFigures.check(directory, limits, problems, new ArrayList<>());
        TemplateKit kit = TemplateKit.find(directory, templateDir, limits, problems, new ArrayList<>());
        MaterialsFiles templateFiles = kit == null ? files : new MaterialsFiles(kit.root());
        Materials materials = Materials.newBuilder()
                .setSourceDirectory(directory.toString())
                .setIdea(upload(files, IDEA, MediaTypes.MARKDOWN, blobs, problems))
                .setExperimentalLog(upload(files, LOG, MediaTypes.MARKDOWN, blobs, problems))
                .setTemplate(upload(templateFiles, TEMPLATE, MediaTypes.TEX, blobs, problems))
                .setGuidelines(guidelines(directory, kit, blobs, problems))
                .setFigures(problems.isEmpty() ? figures(directory, figures, blobs) : List.of())
                .setScholarRecords(scholarRecords(directory.resolve(SCHOLAR_RECORDS), blobs))
                .setTemplateFiles(problems.isEmpty() && kit != null ? kit(kit, blobs) : List.of())
                .setExemplars(problems.isEmpty() ? MaterialsExemplars.upload(directory, blobs) : List.of())
                .build();
        if (!problems.isEmpty() || kit == null) {
            throw new InvalidMaterialsException(directory.resolve(problems.getFirst().file()).toString(),
                    problems.getFirst().problem());
        }
        return PaperContext.newBuilder().setPaperId(paperId).setSubmittedAt(now).setMaterials(materials)
                .setOptions(options).setMaterialsDigest(digest(directory, kit, options)).build();
    }

    /**
     * SHA-256 over every file a job reads (the four required files, the figures, the exemplars, the recorded scholar
     * records)
     * by name and content, and the job options: what one paper id stands for.
     *
     * @throws InvalidMaterialsException naming the file that cannot be read
     */
    public static String digest(Path directory, JobOptions options) {
        List<MaterialsProblem> problems = new ArrayList<>();
        TemplateKit kit = TemplateKit.find(directory, null, MaterialsLimits.defaults(), problems, new ArrayList<>());
        return digest(directory, kit == null ? new TemplateKit(directory, List.of()) : kit, options);
    }

    /**
     * As {@link #digest(Path, JobOptions)}, with template.tex and every file of the template's author kit (so a
     * changed .sty is another paper, as a changed template.tex is).
     *
     * @throws InvalidMaterialsException naming the file that cannot be read
     */
    public static String digest(Path directory, TemplateKit kit, JobOptions options) {
        // names as before kits existed, so a lone template.tex keeps its materials' digest
        Map<String, Path> files = new LinkedHashMap<>();
        REQUIRED.forEach(name -> files.put(name, (name.equals(TEMPLATE) ? kit.root() : directory).resolve(name)));
        // the guidelines under one name wherever they were found (guidelines.md, the kit's): the same paper
        GuidelinesFile guidelines = GuidelinesFile.find(directory, kit);
        if (guidelines != null) {
            files.put(GUIDELINES, guidelines.path());
        }
        figureFiles(directory.resolve(FIGURES)).forEach(file -> files.put(directory.relativize(file).toString(), file));
        // exemplars shape the outline: other exemplars, another paper (none: the digest is as before)
        MaterialsExemplars.accepted(directory).forEach(file -> files.put(directory.relativize(file).toString(), file));
        Path records = directory.resolve(SCHOLAR_RECORDS);
        if (Files.isRegularFile(records)) {
            files.put(SCHOLAR_RECORDS, records);
        }
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, Path> file : files.entrySet()) {
                byte[] content = read(file.getValue());
                digest.update((file.getKey() + "\0" + content.length + "\0").getBytes(StandardCharsets.UTF_8));
                digest.update(content);
            }
            for (String name : kit.files()) {
                byte[] content = read(kit.root().resolve(name));
                digest.update(("kit/" + name + "\0" + content.length + "\0").getBytes(StandardCharsets.UTF_8));
                digest.update(content);
            }
            digest.update(("options\0" + options).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** Every kit file read once, never through a link, under its path relative to template.tex. */
    private static List<NamedArtifact> kit(TemplateKit kit, BlobStore blobs) {
        MaterialsFiles files = new MaterialsFiles(kit.root());
        List<NamedArtifact> uploaded = new ArrayList<>();
        for (String name : kit.files()) {
            try {
                uploaded.add(NamedArtifact.newBuilder().setName(name)
                        .setArtifact(blobs.put(files.head(name, Integer.MAX_VALUE), MediaTypes.forFileName(name)))
                        .build());
            } catch (IOException e) {
                throw new InvalidMaterialsException(kit.root().resolve(name).toString(),
                        "cannot be read (" + e.getClass().getSimpleName() + ")");
            }
        }
        return uploaded;
    }

    /** The job's own recorded scholar answers travel with it; a link or anything but a file is refused. */
    private static @Nullable ArtifactRef scholarRecords(@Nullable Path file, BlobStore blobs) {
        if (file == null || !Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new InvalidMaterialsException(file.toString(), "is not a regular file");
        }
        return blobs.put(read(file), MediaTypes.JSON);
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new InvalidMaterialsException(file.toString(), "cannot be read (" + e.getMessage() + ")");
        }
    }

    /** The guidelines file as {@link GuidelinesFile} finds it, uploaded unchecked as the required files are. */
    private static ArtifactRef guidelines(Path directory, @Nullable TemplateKit kit, BlobStore blobs,
            List<MaterialsProblem> problems) {
        GuidelinesFile found = GuidelinesFile.find(directory, kit);
        if (found == null) {
            problems.add(new MaterialsProblem(GUIDELINES, GuidelinesFile.MISSING));
            return blobs.put(new byte[0], MediaTypes.MARKDOWN);
        }
        List<MaterialsProblem> own = new ArrayList<>();
        ArtifactRef uploaded = upload(new MaterialsFiles(found.directory()), found.name(), MediaTypes.MARKDOWN, blobs,
                own);
        own.forEach(problem -> problems.add(new MaterialsProblem(found.shown(), problem.problem())));
        return uploaded;
    }

    private static ArtifactRef upload(MaterialsFiles files, String name, String mediaType, BlobStore blobs,
            List<MaterialsProblem> problems) {
        // only a ceiling against absurd files: the content and the job's own limits are the outline agent's to check
        byte[] bytes = files.attributes(name, problems) == null ? null
                : files.readBounded(name, UNCHECKED_CEILING, problems);
        return blobs.put(bytes == null ? new byte[0] : bytes, mediaType);
    }

    /** Reads each figure once, never through a link (their sizes were checked by the intake). */
    private static List<NamedArtifact> figures(Path directory, List<Path> figures, BlobStore blobs) {
        MaterialsFiles files = new MaterialsFiles(directory);
        List<NamedArtifact> uploaded = new ArrayList<>();
        var captions = figures.isEmpty() ? java.util.Map.<String, String>of()
                : FigureCaptions.read(directory, figures.stream().map(f -> f.getFileName().toString()).toList());
        for (Path figure : figures) {
            String name = figure.getFileName().toString();
            try {
                uploaded.add(NamedArtifact.newBuilder().setName(name).setCaption(captions.get(name))
                        .setArtifact(blobs.put(files.head(FIGURES + "/" + name, Integer.MAX_VALUE),
                                MediaTypes.forFileName(name))).build());
            } catch (IOException e) {
                throw new InvalidMaterialsException(directory.resolve(FIGURES).resolve(name).toString(),
                        "cannot be read (" + e.getClass().getSimpleName() + ")");
            }
        }
        return uploaded;
    }

    /** The PDFs and images directly under figures/, and its captions.json, by name. */
    private static List<Path> figureFiles(Path figures) {
        if (!Files.isDirectory(figures)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(figures)) {
            return files.filter(Files::isRegularFile).sorted().filter(file -> {
                String mediaType = MediaTypes.forFileName(file.getFileName().toString());
                // the author's captions are part of what the paper is made from
                return mediaType.equals(MediaTypes.PDF) || mediaType.startsWith("image/")
                        || file.getFileName().toString().equals(FigureCaptions.FILE);
            }).toList();
        } catch (IOException e) {
            throw new InvalidMaterialsException(figures.toString(), "cannot be read (" + e.getMessage() + ")");
        }
    }
}
