package dev.paperorchestra.writer.repair;

/**
 * The most repair calls of each kind one draft may take.
 *
 * @param gates   for integrity gate findings
 * @param compile for LaTeX errors
 * @param pages   for tightening to the page limit
 */
public record RepairLimits(int gates, int compile, int pages) {

    int of(Problem problem) {
        return switch (problem) {
            case GATES -> gates;
            case COMPILE -> compile;
            case PAGES -> pages;
        };
    }
}
