package dev.paperorchestra.plotting.gather;

import dev.paperorchestra.plotting.render.Captions;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.content.materials.FigureNames;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.runtime.figures.BoundedParse;
import dev.paperorchestra.runtime.figures.FigureInspector;
import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The figures the author supplied under figures/: each one inspected with bounded resources
 * ({@link FigureInspector}), then used under a generated safe file name with the inspected bytes (a PDF
 * rewritten without actions, scripts, annotations or embedded files), given the author's caption from the
 * materials' {@code figures/captions.json} (else the file name in plain words) and the planned aspect ratio closest to its measured size. A figure the inspector
 * rejects is left out with a "figureId: reason" line, and the paper goes on without it.
 *
 * <p>The plot planner inspects first, in its listener thread, and records each verdict under the source blob's
 * hash; the gatherer, inside Kafka Streams, then only reads the verdicts. Should one be missing it inspects
 * there, still in a bounded parse on a thread of its own, so no figure can stop the Streams application.
 */
public final class AuthorFigures {

    private static final Logger log = LoggerFactory.getLogger(AuthorFigures.class);
    /** The ratios the outline may plan (SPEC, step 1). */
    static final List<String> PLANNED_RATIOS = List.of("1:1", "1:4", "2:3", "3:2", "3:4", "4:1", "4:3", "4:5", "5:4",
            "9:16", "16:9", "21:9");
    /** Verdicts by source hash; the version part changes whenever the inspector's rules do. */
    static final String VERDICTS = "author-figure-verdicts";
    private static final String VERDICT_VERSION = "v1-";
    /** Between the figure id and the reason in a rejection's skipped line. */
    static final String REJECTED = ": the author's figure was rejected: ";

    /** The author figures to include, and a "figureId: reason" line for each one rejected. */
    public record Gathered(List<Figure> figures, List<String> rejected) {
        public Gathered {
            figures = List.copyOf(figures);
            rejected = List.copyOf(rejected);
        }
    }

    /** What was decided about one source file: the bytes to use and their shape, or why not. */
    private record Verdict(@Nullable ArtifactRef accepted, double ratio, @Nullable String reason) {
    }

    private AuthorFigures() {
    }

    /** Inspects every author figure not inspected yet and records the verdicts (outside Kafka Streams). */
    public static void inspect(PaperContext context, BlobStore blobs) {
        for (NamedArtifact file : context.getMaterials().getFigures()) {
            verdict(context.getPaperId(), file, blobs);
        }
    }

    public static Gathered from(PaperContext context, BlobStore blobs) {
        List<NamedArtifact> files = context.getMaterials().getFigures();
        List<Figure> figures = new ArrayList<>();
        List<String> rejected = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            NamedArtifact file = files.get(i);
            Verdict verdict = verdict(context.getPaperId(), file, blobs);
            if (verdict.accepted() == null) {
                rejected.add(idOf(file.getName()) + REJECTED + "it " + verdict.reason());
            } else {
                figures.add(figure(i + 1, file, verdict.accepted(), verdict.ratio()));
            }
        }
        return new Gathered(figures, rejected);
    }

    private static Figure figure(int position, NamedArtifact file, ArtifactRef inspected, double ratio) {
        boolean pdf = MediaTypes.PDF.equals(inspected.getMediaType());
        // the author's caption (figures/captions.json) when given, else the file name in plain words
        String caption = Captions.fromAuthor(file.getCaption()).orElseGet(() -> Captions.fromFileName(file.getName()));
        String id = idOf(file.getName());
        return Figure.newBuilder()
                .setFigureId(id)
                .setTitle(Captions.titleOf(caption))
                // the author's name never reaches LaTeX: it could carry TeX or a path
                .setFileName(FigureNames.forAuthorFigure(position, id, inspected.getMediaType()))
                .setOriginalFileName(file.getName())
                .setPdf(pdf ? inspected : null)
                // any raster image goes here; its media type tells PNG from JPEG
                .setPng(pdf ? null : inspected)
                .setCaption(caption)
                .setAspectRatio(nearestPlannedRatio(ratio))
                .setAuthorSupplied(true)
                .build();
    }

    private static Verdict verdict(String paperId, NamedArtifact file, BlobStore blobs) {
        ArtifactRef source = file.getArtifact();
        String key = VERDICT_VERSION + source.getSha256();
        Optional<byte[]> recorded = blobs.getKeyed(VERDICTS, key);
        if (recorded.isPresent()) {
            Verdict verdict = parse(recorded.get());
            if (verdict != null) {
                return verdict;
            }
        }
        Verdict verdict = switch (FigureInspector.inspect(source.getMediaType(), blobs.get(source))) {
            case FigureInspector.Inspection.Accepted accepted -> {
                if (!accepted.removed().isEmpty()) {
                    log.warn("paper {}: author figure blob {} rewritten without {}", paperId, source.getSha256(),
                            String.join(", ", accepted.removed()));
                }
                yield new Verdict(blobs.put(accepted.content(), accepted.mediaType()), accepted.widthOverHeight(),
                        null);
            }
            case FigureInspector.Inspection.Rejected rejected -> {
                log.warn("paper {}: author figure blob {} rejected: it {}", paperId, source.getSha256(),
                        rejected.reason());
                yield new Verdict(null, 0, rejected.reason());
            }
        };
        if (verdict.reason() == null || !verdict.reason().startsWith(BoundedParse.NOT_PARSED)) {
            blobs.putKeyed(VERDICTS, key, serialise(verdict));
        }
        return verdict;
    }

    private static byte[] serialise(Verdict verdict) {
        ObjectNode json = Json.mapper().createObjectNode();
        ArtifactRef accepted = verdict.accepted();
        if (accepted == null) {
            json.put("reason", verdict.reason());
        } else {
            json.put("uri", accepted.getUri()).put("sha256", accepted.getSha256())
                    .put("size_bytes", accepted.getSizeBytes()).put("media_type", accepted.getMediaType())
                    .put("ratio", verdict.ratio());
        }
        return Json.mapper().writeValueAsBytes(json);
    }

    /** A recorded verdict, or null when it cannot be read (it is then made again). */
    private static @Nullable Verdict parse(byte[] recorded) {
        try {
            JsonNode json = Json.mapper().readTree(recorded);
            if (json.hasNonNull("reason")) {
                return new Verdict(null, 0, json.get("reason").asString());
            }
            ArtifactRef ref = new ArtifactRef(json.get("uri").asString(), json.get("sha256").asString(),
                    json.get("size_bytes").asLong(), json.get("media_type").asString());
            return new Verdict(ref, json.get("ratio").asDouble(), null);
        } catch (RuntimeException e) {
            return null;
        }
    }

    static String idOf(String fileName) {
        String stem = fileName.contains(".") ? fileName.substring(0, fileName.lastIndexOf('.')) : fileName;
        String id = stem.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
        return id.isEmpty() ? "author_figure" : id;
    }

    static String nearestPlannedRatio(double widthOverHeight) {
        return PLANNED_RATIOS.stream()
                .min(Comparator.comparingDouble(ratio -> Math.abs(Math.log(value(ratio) / widthOverHeight))))
                .orElseThrow();
    }

    private static double value(String ratio) {
        String[] parts = ratio.split(":");
        return Double.parseDouble(parts[0]) / Double.parseDouble(parts[1]);
    }
}
