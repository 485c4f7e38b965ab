package dev.paperorchestra.content.integrity;

/** Regular-expression pieces for LaTeX groups. */
final class Braces {

    /** A brace group that may hold brace groups one level deep, e.g. {@code {\textbf{x} y}}. */
    static final String ONE_NESTED = "\\{[^{}]*(?:\\{[^{}]*}[^{}]*)*}";

    private Braces() {
    }
}
