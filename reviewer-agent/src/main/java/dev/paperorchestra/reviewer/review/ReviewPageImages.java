package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.runtime.figures.PageImages;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The first pages of a compiled PDF as PNG images for a vision-capable reviewer model. */
public final class ReviewPageImages {

    private static final Logger log = LoggerFactory.getLogger(ReviewPageImages.class);

    private final int maxPages;
    private final int dpi;

    /**
     * @param maxPages most pages rendered (a review needs the main text, not every appendix page); 0 renders none
     * @param dpi      rendering resolution
     */
    public ReviewPageImages(int maxPages, int dpi) {
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
        try {
            return PageImages.render(pdf, maxPages, dpi);
        } catch (PermanentException e) {
            log.warn("paper {}: {}; reviewing from the LaTeX only", paperId, e.getMessage());
            return List.of();
        }
    }
}
