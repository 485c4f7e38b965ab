package dev.paperorchestra.model.text;

import java.util.Arrays;

/** Offsets of a text to 1-based line numbers, in logarithmic time after one linear pass. */
public final class LineMap {

    private final int[] lineStarts;

    public LineMap(String text) {
        int[] starts = new int[16];
        int count = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                if (count == starts.length) {
                    starts = Arrays.copyOf(starts, count * 2);
                }
                starts[count++] = i + 1;
            }
        }
        this.lineStarts = Arrays.copyOf(starts, count);
    }

    /** The 1-based line an offset is on. */
    public int lineOf(int offset) {
        int index = Arrays.binarySearch(lineStarts, offset);
        return index >= 0 ? index + 1 : -index - 1;
    }

    /** The offset where a 1-based line starts. */
    public int lineStart(int line) {
        return lineStarts[Math.max(0, Math.min(line - 1, lineStarts.length - 1))];
    }

    public int lineCount() {
        return lineStarts.length;
    }

    /**
     * Whether the line after the newline at {@code newline} is blank (only spaces, tabs or a carriage return): a
     * paragraph break in Markdown and in running text alike. The end of the text counts as blank.
     */
    public static boolean blankLineAfter(String text, int newline) {
        for (int i = newline + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                return true;
            }
            if (c != ' ' && c != '\t' && c != '\r') {
                return false;
            }
        }
        return true;
    }
}
