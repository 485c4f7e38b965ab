package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Gate;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Pages: the main text never runs past the page limit, and where a floor is asked for (model mode) it fills at
 * least that share of the limit, since a paper of three pages for an eight-page venue is a draft, not a paper.
 * Measured on the PDF, so it runs after the compile; without a PDF or a limit it checks nothing.
 */
public final class PageFillGate {

    private PageFillGate() {
    }

    /**
     * @param mainTextPages pages before the references, null without a PDF
     * @param pageLimit     the main-text limit, null when none is stated
     * @param floor         least share of the limit the main text must fill, 0 for none
     */
    public static GateResult check(@Nullable Integer mainTextPages, @Nullable Integer pageLimit, double floor) {
        if (mainTextPages == null || pageLimit == null) {
            return new GateResult(Gate.PAGES, 0, List.of());
        }
        if (mainTextPages > pageLimit) {
            return new GateResult(Gate.PAGES, 1, List.of("the main text runs " + mainTextPages
                    + " pages, past the limit of " + pageLimit));
        }
        if (mainTextPages < floor * pageLimit) {
            return new GateResult(Gate.PAGES, 1, List.of("the main text runs " + mainTextPages + " pages; a paper "
                    + "for a " + pageLimit + "-page limit fills at least " + Math.round(floor * 100) + "% of it ("
                    + (int) Math.ceil(floor * pageLimit) + " pages)"));
        }
        return new GateResult(Gate.PAGES, 1, List.of());
    }
}
