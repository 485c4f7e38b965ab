package dev.paperorchestra.writer;

import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.StageTiming;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.jspecify.annotations.Nullable;

/** The example materials of the repository and small inputs built from them. */
public final class TestMaterials {

    public static final Path EXAMPLES = Path.of("..", "examples");
    public static final String CVPR = "cvpr-sparse-depth";
    public static final String ICLR = "iclr-adaptive-optim";

    private TestMaterials() {
    }

    public static Path example(String name) {
        return EXAMPLES.resolve(name);
    }

    public static String read(String example, String file) {
        try {
            return Files.readString(example(example).resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the literature agent hands over: the template with introduction and related work written. */
    public static String literatureDraft(String template) {
        return template
                .replace("% Motivation, problem statement, contributions.",
                        "Dense depth from a single image is ambiguous in scale, and early multi-scale networks "
                                + "already showed how far learned priors carry a monocular estimate "
                                + "\\cite{eigen2014depth}. A handful of metric measurements removes that ambiguity "
                                + "when the network knows how to use them \\cite{ma2018sparse}, which is the "
                                + "setting this paper studies with very few measurements per frame.")
                .replace("% Prior work grouped by methodology, positioned against this paper.",
                        "Depth completion networks take sparse depth as an extra input channel and learn to "
                                + "propagate it across the image \\cite{ma2018sparse}. They are designed for "
                                + "hundreds of valid returns, and their accuracy falls quickly when only a few "
                                + "measurements reach the network, which leaves most pixels far from any of them.");
    }

    public static String bibliography() {
        return """
                @inproceedings{eigen2014depth,
                  title = {Depth Map Prediction from a Single Image using a Multi-Scale Deep Network},
                  author = {Eigen, David and Puhrsch, Christian and Fergus, Rob},
                  booktitle = {Advances in Neural Information Processing Systems},
                  year = {2014}
                }
                @inproceedings{ma2018sparse,
                  title = {Sparse-to-Dense: Depth Prediction from Sparse Depth Samples and a Single Image},
                  author = {Ma, Fangchang and Karaman, Sertac},
                  booktitle = {IEEE International Conference on Robotics and Automation},
                  year = {2018}
                }
                """;
    }

    public static Figure figure(String figureId, String fileName, String aspectRatio) {
        return figure(figureId, fileName, aspectRatio, null, null);
    }

    public static Figure figure(String figureId, String fileName, String aspectRatio, @Nullable ArtifactRef pdf,
            @Nullable ArtifactRef png) {
        return Figure.newBuilder()
                .setFigureId(figureId)
                .setTitle("Overview of " + figureId.replace('_', ' '))
                .setFileName(fileName)
                .setCaption("Caption of " + figureId + " with 50% & more_text.")
                .setAspectRatio(aspectRatio)
                .setPdf(pdf)
                .setPng(png)
                .build();
    }

    /** A claim-check that points nowhere; for tests that never read it. */
    public static ArtifactRef ref(String name) {
        return ArtifactRef.newBuilder().setUri("file:///nowhere/" + name).setSha256(name).setSizeBytes(0)
                .setMediaType("text/plain").build();
    }

    /** A context whose materials are not read. */
    public static PaperContext context(String paperId, StageTiming... timings) {
        return PaperContext.newBuilder()
                .setPaperId(paperId)
                .setSubmittedAt(Instant.parse("2025-01-01T00:00:00Z"))
                .setMaterials(Materials.newBuilder().setSourceDirectory("materials").setIdea(ref("idea"))
                        .setExperimentalLog(ref("log")).setTemplate(ref("template")).setGuidelines(ref("guidelines"))
                        .build())
                .setOptions(JobOptions.newBuilder().build())
                .setTimings(List.of(timings))
                .build();
    }

    public static StageTiming timing(String stage, String startedAt, String finishedAt) {
        return StageTiming.newBuilder().setStage(stage).setAgent(stage + "-agent")
                .setStartedAt(Instant.parse(startedAt)).setFinishedAt(Instant.parse(finishedAt)).build();
    }

    public static LiteratureReadyEvent literature(PaperContext context, ArtifactRef draft, ArtifactRef bibliography,
            ArtifactRef citationMap) {
        return LiteratureReadyEvent.newBuilder().setContext(context).setDraft(draft).setBibliography(bibliography)
                .setCitationMap(citationMap).setCandidateCount(14).setVerifiedCount(11).setRejectedCount(3)
                .setScholarRequests(17).setCandidatesFound(20).setCacheHits(5).setResolvedByRequests(9)
                .setScholarSource("semantic-scholar").setReplayLookups(2)
                .setRejectedByReason(Map.of("no-abstract", 3)).build();
    }

    public static FiguresReadyEvent figures(PaperContext context, Figure... figures) {
        return FiguresReadyEvent.newBuilder().setContext(context).setFigures(List.of(figures)).build();
    }

    /** A small PNG image. */
    public static byte[] png(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = image.createGraphics();
        graphics.setColor(Color.WHITE);
        graphics.fillRect(0, 0, width, height);
        graphics.setColor(Color.BLUE);
        graphics.fillOval(width / 4, height / 4, width / 2, height / 2);
        graphics.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
