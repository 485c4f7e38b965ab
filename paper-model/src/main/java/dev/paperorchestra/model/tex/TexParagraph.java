package dev.paperorchestra.model.tex;

/**
 * A stretch of running text: between paragraph breaks, headings, list items and environment boundaries, without
 * the floats, tables, display math and verbatim around it.
 *
 * @param span from its first word to where it ends in the source
 * @param text the words a reader sees in it ({@link TexDocument#plainText(TexSpan)})
 */
public record TexParagraph(TexSpan span, String text) {
}
