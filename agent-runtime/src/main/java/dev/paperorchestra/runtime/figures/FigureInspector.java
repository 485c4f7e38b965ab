package dev.paperorchestra.runtime.figures;

import dev.paperorchestra.runtime.figures.BoundedParse.Outcome;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.ImageIO;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;

/**
 * The one place an author-supplied figure's bytes are parsed. A PDF is rewritten to its first page (the one
 * {@code \includegraphics} uses) without any action, script, annotation, form or embedded file; a PNG or JPEG
 * is kept as it is once its header's dimensions are within bounds and its data decodes. Every parse runs in
 * {@link BoundedParse}, so a hostile file becomes a {@link Inspection.Rejected} with a reason of ours.
 */
public final class FigureInspector {

    /**
     * @param maxBytes a figure larger than this is not parsed at all
     * @param maxPixels width times height an image may declare (a decompression bomb declares billions)
     * @param timeLimit how long one figure's parse may take
     * @param maxPdfMemory bytes PDFBox may hold for streams it buffers
     * @param maxPdfObjects PDF objects visited while rewriting before the figure counts as hostile
     */
    public record Limits(long maxBytes, long maxPixels, Duration timeLimit, long maxPdfMemory, int maxPdfObjects) {

        /** 50 MB, 40 megapixels (8000 x 5000), 10 s, 64 MB, 200,000 objects. */
        public static final Limits DEFAULTS = new Limits(50L * 1024 * 1024, 40_000_000L, Duration.ofSeconds(10),
                64L * 1024 * 1024, 200_000);
    }

    /** What the inspector decided about one figure. */
    public sealed interface Inspection {

        /**
         * @param content the bytes to publish and include: for a PDF the rewritten file, for an image the original
         * @param widthOverHeight the figure's shape as it will be drawn (page rotation applied)
         * @param removed what was taken out of a PDF, e.g. "an OpenAction", for the log and notes
         */
        record Accepted(byte[] content, String mediaType, double widthOverHeight, List<String> removed)
                implements Inspection {
            public Accepted {
                removed = List.copyOf(removed);
            }
        }

        /** @param reason a reason of ours, never the parser's own message (it can quote the hostile bytes) */
        record Rejected(String reason) implements Inspection {
        }
    }

    public static final String PDF = "application/pdf";
    public static final String PNG = "image/png";
    public static final String JPEG = "image/jpeg";

    /** Decoding checks every compressed byte but, subsampled, fills a picture of about this many pixels. */
    private static final long CHECK_PIXELS = 1_000_000L;

    private FigureInspector() {
    }

    public static Inspection inspect(String mediaType, byte[] content) {
        return inspect(mediaType, content, Limits.DEFAULTS);
    }

    public static Inspection inspect(String mediaType, byte[] content, Limits limits) {
        if (content.length == 0) {
            return new Inspection.Rejected("is empty");
        }
        if (content.length > limits.maxBytes()) {
            return new Inspection.Rejected("is " + content.length + " bytes; at most " + limits.maxBytes()
                    + " are accepted");
        }
        Outcome<Inspection.Accepted> outcome = switch (mediaType) {
            case PDF -> BoundedParse.run("pdf", limits.timeLimit(), () -> PdfFigure.rewrite(content, limits));
            case PNG, JPEG -> BoundedParse.run("image", limits.timeLimit(),
                    () -> image(mediaType, content, limits));
            default -> new Outcome.Failed<>("is of type " + mediaType.replaceAll("[^A-Za-z0-9/.+-]", "?")
                    + "; only PDF, PNG and JPEG figures are accepted");
        };
        return switch (outcome) {
            case Outcome.Done<Inspection.Accepted> done -> done.value();
            case Outcome.Failed<Inspection.Accepted> failed -> new Inspection.Rejected(failed.reason());
        };
    }

    /** Dimensions from the header first (no pixels read), then a subsampled decode of every byte of data. */
    private static Inspection.Accepted image(String mediaType, byte[] content, Limits limits) throws Exception {
        String kind = mediaType.equals(PNG) ? "PNG" : "JPEG";
        try (ImageInputStream stream = new MemoryCacheImageInputStream(new ByteArrayInputStream(content))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(stream);
            ImageReader reader = null;
            while (readers.hasNext() && reader == null) {
                ImageReader candidate = readers.next();
                if (candidate.getOriginatingProvider() != null
                        && List.of(candidate.getOriginatingProvider().getMIMETypes()).contains(mediaType)) {
                    reader = candidate;
                } else {
                    candidate.dispose();
                }
            }
            if (reader == null) {
                throw new RejectedFigureException("is not a " + kind + " image although its type says so");
            }
            try {
                reader.setInput(stream, true, true);
                int width = reader.getWidth(0);
                int height = reader.getHeight(0);
                long pixels = (long) width * height;
                if (width <= 0 || height <= 0) {
                    throw new RejectedFigureException("declares no size");
                }
                if (pixels > limits.maxPixels()) {
                    throw new RejectedFigureException("declares " + width + " x " + height + " pixels; at most "
                            + limits.maxPixels() + " pixels are accepted (a decompression bomb declares more)");
                }
                ImageReadParam param = reader.getDefaultReadParam();
                int step = (int) Math.max(1, Math.ceil(Math.sqrt((double) pixels / CHECK_PIXELS)));
                param.setSourceSubsampling(step, step, 0, 0);
                // rasters: a CMYK JPEG has no BufferedImage type but is a fine figure for pdfTeX
                if (reader.canReadRaster()) {
                    reader.readRaster(0, param);
                } else {
                    reader.read(0, param);
                }
                return new Inspection.Accepted(content, mediaType, (double) width / height, List.of());
            } finally {
                reader.dispose();
            }
        }
    }
}
