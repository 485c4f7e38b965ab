package dev.paperorchestra.runtime.figures;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.runtime.figures.BoundedParse;
import dev.paperorchestra.runtime.figures.BoundedPdf;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;

/**
 * PDF pages as PNG images for vision-capable roles (the reviewer reads the compiled paper as a reader would).
 * Pages are capped, and rendered at a modest resolution, because every image is paid for in tokens.
 */
public final class PageImages {

    /** Rendering a few pages at review resolution stays well under this. */
    static final Duration LIMIT = Duration.ofSeconds(120);

    private PageImages() {
    }

    /**
     * The first {@code maxPages} pages of a PDF, rendered at {@code dpi}.
     *
     * @throws PermanentException when the bytes are not a readable PDF
     */
    public static List<LlmRequest.Image> render(byte[] pdf, int maxPages, float dpi) {
        if (maxPages < 1 || dpi <= 0) {
            throw new IllegalArgumentException("maxPages must be at least 1 and dpi positive");
        }
        // the PDF embeds the authors' figures: rendered bounded, an overflow in PDFBox is a failure of this PDF
        BoundedParse.Outcome<List<LlmRequest.Image>> outcome = BoundedPdf.read(pdf, LIMIT, document -> {
            PDFRenderer renderer = new PDFRenderer(document);
            int pages = Math.min(maxPages, document.getNumberOfPages());
            List<LlmRequest.Image> images = new ArrayList<>(pages);
            for (int page = 0; page < pages; page++) {
                BufferedImage image = renderer.renderImageWithDPI(page, dpi, ImageType.RGB);
                images.add(new LlmRequest.Image("image/png", png(image)));
            }
            return images;
        });
        return switch (outcome) {
            case BoundedParse.Outcome.Done<List<LlmRequest.Image>> done -> done.value();
            case BoundedParse.Outcome.Failed<List<LlmRequest.Image>> failed ->
                    throw new PermanentException("the PDF cannot be rendered to page images: it " + failed.reason());
        };
    }

    /** One rendered page as PNG bytes (the reviewer's page chunks encode theirs the same way). */
    public static byte[] png(BufferedImage image) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
