package dev.paperorchestra.writer.repair;

/**
 * The bounds of a draft's repairs: the most repair calls of each kind, and the least share of the page limit
 * the main text must fill in model mode (below it the draft is asked to be completed, like one over the limit is
 * asked to be shortened).
 *
 * @param gates         for integrity gate findings
 * @param compile       for LaTeX errors
 * @param pages         for bringing the main text within the page bounds
 * @param pageFillFloor least share of the page limit a model-mode main text fills, in (0, 1]
 */
public record RepairLimits(int gates, int compile, int pages, double pageFillFloor) {

    /** The default floor, also the property's default. */
    public static final double DEFAULT_PAGE_FILL_FLOOR = 0.85;

    public RepairLimits(int gates, int compile, int pages) {
        this(gates, compile, pages, DEFAULT_PAGE_FILL_FLOOR);
    }

    int of(Problem problem) {
        return switch (problem) {
            case GATES -> gates;
            case COMPILE -> compile;
            case PAGES -> pages;
        };
    }
}
