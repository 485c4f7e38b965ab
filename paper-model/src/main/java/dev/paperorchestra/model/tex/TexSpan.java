package dev.paperorchestra.model.tex;

/**
 * A stretch of LaTeX source, by offsets.
 *
 * @param start offset of the first character
 * @param end   offset past the last character
 */
public record TexSpan(int start, int end) {

    public TexSpan {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("not a span: " + start + ".." + end);
        }
    }

    public int length() {
        return end - start;
    }

    public boolean isEmpty() {
        return start == end;
    }

    public boolean contains(int offset) {
        return offset >= start && offset < end;
    }

    public boolean contains(TexSpan other) {
        return other.start >= start && other.end <= end;
    }

    /** The source this span covers. */
    public String of(String source) {
        return source.substring(start, end);
    }
}
