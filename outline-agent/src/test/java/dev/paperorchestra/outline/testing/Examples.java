package dev.paperorchestra.outline.testing;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.PaperContext;
import java.nio.file.Path;
import java.time.Instant;

/** The project's example materials and small inline materials for tests. */
public final class Examples {

    /** examples/ of the repository; tests run with the module directory as working directory. */
    public static final Path ROOT = Path.of("..", "examples").toAbsolutePath().normalize();
    public static final Path CVPR = ROOT.resolve("cvpr-sparse-depth");
    public static final Path ICLR = ROOT.resolve("iclr-adaptive-optim");
    public static final Path BROKEN = ROOT.resolve("broken");

    public static final String TEMPLATE = """
            \\documentclass{article}
            \\begin{document}
            \\begin{abstract}
            \\end{abstract}
            \\section{Introduction}
            \\section{Related Work}
            \\section{Approach}
            \\section{Experiments}
            \\section{Conclusion}
            \\end{document}
            """;
    public static final String GUIDELINES = "# Guidelines\n\nPage limit: 8 pages.\n";

    private Examples() {
    }

    public static PaperContext upload(Path directory, String paperId, BlobStore blobs) {
        return MaterialsDirectory.upload(directory, paperId, offline(), blobs, Instant.parse("2025-01-01T00:00:00Z"));
    }

    public static JobOptions offline() {
        return JobOptions.newBuilder().setCutoffDate("2024-11-01").setLlmMode(LlmMode.OFFLINE).build();
    }

    /** Materials stored from texts, as if uploaded from {@code sourceDirectory}. */
    public static Materials materials(BlobStore blobs, String sourceDirectory, String idea, String log,
            String template, String guidelines) {
        return Materials.newBuilder().setSourceDirectory(sourceDirectory)
                .setIdea(blobs.putText(idea, MediaTypes.MARKDOWN))
                .setExperimentalLog(blobs.putText(log, MediaTypes.MARKDOWN))
                .setTemplate(blobs.putText(template, MediaTypes.TEX))
                .setGuidelines(blobs.putText(guidelines, MediaTypes.MARKDOWN))
                .build();
    }
}
