package dev.paperorchestra.writer.repair;

/**
 * How many repair calls of each kind a draft took.
 *
 * @param gates   calls that fixed integrity gate findings
 * @param compile calls that fixed LaTeX errors
 * @param pages   calls that tightened the paper to the page limit
 */
public record Repairs(int gates, int compile, int pages) {

    public static final Repairs NONE = new Repairs(0, 0, 0);

    Repairs plus(Problem problem) {
        return switch (problem) {
            case GATES -> new Repairs(gates + 1, compile, pages);
            case COMPILE -> new Repairs(gates, compile + 1, pages);
            case PAGES -> new Repairs(gates, compile, pages + 1);
        };
    }

    int of(Problem problem) {
        return switch (problem) {
            case GATES -> gates;
            case COMPILE -> compile;
            case PAGES -> pages;
        };
    }

    public int total() {
        return gates + compile + pages;
    }
}
