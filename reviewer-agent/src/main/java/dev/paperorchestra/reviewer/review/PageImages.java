package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.runtime.llm.LlmRequest;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The first pages of a compiled PDF as PNG images for a vision-capable reviewer model. */
public final class PageImages {

    private static final Logger log = LoggerFactory.getLogger(PageImages.class);

    private final int maxPages;
    private final int dpi;

    /**
     * @param maxPages most pages rendered (a review needs the main text, not every appendix page); 0 renders none
     * @param dpi      rendering resolution
     */
    public PageImages(int maxPages, int dpi) {
        this.maxPages = maxPages;
        this.dpi = dpi;
    }

    /**
     * The rendered pages; empty when rendering is off or the bytes are not a readable PDF, because the review
     * can still go on from the LaTeX.
     */
    public List<LlmRequest.Image> render(String paperId, byte[] pdf) {
        if (maxPages <= 0) {
            return List.of();
        }
        try (PDDocument document = Loader.loadPDF(pdf)) {
            PDFRenderer renderer = new PDFRenderer(document);
            int pages = Math.min(maxPages, document.getNumberOfPages());
            List<LlmRequest.Image> images = new ArrayList<>(pages);
            for (int page = 0; page < pages; page++) {
                BufferedImage image = renderer.renderImageWithDPI(page, dpi, ImageType.RGB);
                ByteArrayOutputStream png = new ByteArrayOutputStream();
                ImageIO.write(image, "png", png);
                images.add(new LlmRequest.Image("image/png", png.toByteArray()));
            }
            return images;
        } catch (IOException e) {
            log.warn("paper {}: the PDF could not be rendered to page images ({}); reviewing from the LaTeX only",
                    paperId, e.getMessage());
            return List.of();
        }
    }
}
