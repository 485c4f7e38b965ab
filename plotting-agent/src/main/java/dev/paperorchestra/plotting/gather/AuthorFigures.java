package dev.paperorchestra.plotting.gather;

import dev.paperorchestra.plotting.render.Captions;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.materials.FigureNames;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.IntStream;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The figures the author supplied under figures/: used as they are under a generated safe file name, given only a caption (offline: the file
 * name in plain words) and the planned aspect ratio closest to their measured size.
 */
public final class AuthorFigures {

    private static final Logger log = LoggerFactory.getLogger(AuthorFigures.class);
    /** The ratios the outline may plan (SPEC, step 1). */
    static final List<String> PLANNED_RATIOS = List.of("1:1", "1:4", "2:3", "3:2", "3:4", "4:1", "4:3", "4:5", "5:4",
            "9:16", "16:9", "21:9");
    static final String UNMEASURED_RATIO = "4:3";

    private AuthorFigures() {
    }

    public static List<Figure> from(PaperContext context, BlobStore blobs) {
        List<NamedArtifact> files = context.getMaterials().getFigures();
        return IntStream.range(0, files.size())
                .mapToObj(i -> figure(context.getPaperId(), i + 1, files.get(i), blobs))
                .toList();
    }

    private static Figure figure(String paperId, int position, NamedArtifact file, BlobStore blobs) {
        ArtifactRef artifact = file.getArtifact();
        boolean pdf = MediaTypes.PDF.equals(artifact.getMediaType());
        String caption = Captions.fromFileName(file.getName());
        String id = idOf(file.getName());
        return Figure.newBuilder()
                .setFigureId(id)
                .setTitle(caption.substring(0, caption.length() - 1))
                // the author's name never reaches LaTeX: it could carry TeX or a path
                .setFileName(FigureNames.forAuthorFigure(position, id, artifact.getMediaType()))
                .setOriginalFileName(file.getName())
                .setPdf(pdf ? artifact : null)
                // any raster image goes here; its media type tells PNG from JPEG
                .setPng(pdf ? null : artifact)
                .setCaption(caption)
                .setAspectRatio(measure(artifact, blobs).map(AuthorFigures::nearestPlannedRatio).orElseGet(() -> {
                    log.warn("paper {}: cannot measure author figure {} (blob {}); assuming {}", paperId,
                            file.getName(), artifact.getSha256(), UNMEASURED_RATIO);
                    return UNMEASURED_RATIO;
                }))
                .setAuthorSupplied(true)
                .build();
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

    /** Width over height of the image or of the PDF's first page; empty when the file cannot be read. */
    private static Optional<Double> measure(ArtifactRef artifact, BlobStore blobs) {
        try {
            byte[] content = blobs.get(artifact);
            if (MediaTypes.PDF.equals(artifact.getMediaType())) {
                try (PDDocument document = Loader.loadPDF(content)) {
                    PDRectangle box = document.getPage(0).getMediaBox();
                    int rotation = document.getPage(0).getRotation();
                    double ratio = box.getWidth() / box.getHeight();
                    return Optional.of(rotation % 180 == 0 ? ratio : 1 / ratio);
                }
            }
            try (ImageInputStream stream = ImageIO.createImageInputStream(new ByteArrayInputStream(content))) {
                Iterator<ImageReader> readers = ImageIO.getImageReaders(stream);
                if (!readers.hasNext()) {
                    return Optional.empty();
                }
                ImageReader reader = readers.next();
                try {
                    reader.setInput(stream);
                    return Optional.of((double) reader.getWidth(0) / reader.getHeight(0));
                } finally {
                    reader.dispose();
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
