package dev.paperorchestra.content.revision;

/**
 * A passage a decision or an edit rests on, quoted verbatim.
 *
 * @param source where it is
 * @param quote  the passage exactly as it is there
 */
public record Evidence(Source source, String quote) {

    public enum Source { PAPER, LOG, IDEA, BIBLIOGRAPHY }
}
