package dev.paperorchestra.model.markdown;

import dev.paperorchestra.model.text.LineMap;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the math of a Markdown text before CommonMark reads it, so that nothing inside {@code $...$} is read as
 * emphasis ({@code $x_i$ and $y_i$}) or an escape ({@code $\{a\}$}): each span is replaced by a placeholder of
 * private-use characters that the Markdown model turns back into math. In one left-to-right pass plus one
 * right-to-left pass, linear in the text whatever it holds.
 *
 * <p>The rule (pandoc's): {@code $$...$$} is display math; {@code $...$} is inline math when the character after
 * the opening dollar is not a space and the one before the closing dollar is not a space, and no digit follows
 * the closing dollar ("costs $5 and $6" is not math). An escaped dollar ({@code \$}) is a dollar. Code spans and
 * fenced code blocks hold no math. Inline math ends at a blank line.
 */
final class MathSpans {

    /** Starts a placeholder; the span's index in decimal and {@link #CLOSE} follow. */
    static final char OPEN = '\uE000';
    static final char CLOSE = '\uE001';

    /**
     * One math span.
     *
     * @param latex   the math without its dollars
     * @param source  the math as written, dollars included
     * @param display true for {@code $$...$$}
     */
    record Span(String latex, String source, boolean display) {
    }

    /**
     * The text with its math replaced.
     *
     * @param text  the text to give CommonMark
     * @param spans the math, by placeholder index
     */
    record Protected(String text, List<Span> spans) {
    }

    private MathSpans() {
    }

    static Protected protect(String markdown) {
        int length = markdown.length();
        boolean[] code = codeMask(markdown);
        // nextCloser[i]: the smallest j >= i where a single $ may close inline math, or -1
        int[] nextCloser = new int[length + 1];
        // nextBlank[i]: the smallest j >= i where a blank line starts, or length
        int[] nextBlank = new int[length + 1];
        nextCloser[length] = -1;
        nextBlank[length] = length;
        for (int i = length - 1; i >= 0; i--) {
            nextCloser[i] = isCloser(markdown, i, code) ? i : nextCloser[i + 1];
            nextBlank[i] = markdown.charAt(i) == '\n' && LineMap.blankLineAfter(markdown, i) ? i : nextBlank[i + 1];
        }
        StringBuilder out = new StringBuilder(length);
        List<Span> spans = new ArrayList<>();
        int i = 0;
        int displaySearchFrom = 0;
        while (i < length) {
            char c = markdown.charAt(i);
            if (c == '\\' && i + 1 < length && !code[i]) {
                out.append(c).append(markdown.charAt(i + 1));
                i += 2;
                continue;
            }
            if (c != '$' || code[i]) {
                out.append(c);
                i++;
                continue;
            }
            if (i + 1 < length && markdown.charAt(i + 1) == '$') {
                int close = i + 2 >= displaySearchFrom ? markdown.indexOf("$$", i + 2) : -1;
                if (close < 0) {
                    // no closing $$ anywhere after: none after any later $$ either
                    displaySearchFrom = Integer.MAX_VALUE;
                    out.append("$$");
                    i += 2;
                    continue;
                }
                String latex = markdown.substring(i + 2, close);
                if (latex.isBlank()) {
                    out.append("$$");
                    i += 2;
                    continue;
                }
                placeholder(out, spans, new Span(latex.strip(), markdown.substring(i, close + 2), true));
                i = close + 2;
                continue;
            }
            int close = i + 2 <= length ? nextCloser[Math.min(i + 2, length)] : -1;
            boolean opens = i + 1 < length && !Character.isWhitespace(markdown.charAt(i + 1));
            if (opens && close > 0 && close < nextBlank[i]) {
                placeholder(out, spans, new Span(markdown.substring(i + 1, close), markdown.substring(i, close + 1),
                        false));
                i = close + 1;
                continue;
            }
            out.append(c);
            i++;
        }
        return new Protected(out.toString(), spans);
    }

    private static void placeholder(StringBuilder out, List<Span> spans, Span span) {
        out.append(OPEN).append(spans.size()).append(CLOSE);
        spans.add(span);
    }

    /** A single {@code $} that may close inline math: not escaped, not code, no space before, no digit after. */
    private static boolean isCloser(String text, int i, boolean[] code) {
        if (text.charAt(i) != '$' || code[i] || i == 0) {
            return false;
        }
        char before = text.charAt(i - 1);
        if (Character.isWhitespace(before) || before == '$' || escaped(text, i)) {
            return false;
        }
        return i + 1 >= text.length() || !Character.isDigit(text.charAt(i + 1)) && text.charAt(i + 1) != '$';
    }

    private static boolean escaped(String text, int i) {
        int backslashes = 0;
        for (int j = i - 1; j >= 0 && text.charAt(j) == '\\' && backslashes < 64; j--) {
            backslashes++;
        }
        return backslashes % 2 == 1;
    }

    /**
     * Which characters are code: lines of fenced code blocks (``` or ~~~ fences) and inline code spans (a run of
     * backticks up to the next run of the same length on the same paragraph line), in one pass.
     */
    private static boolean[] codeMask(String text) {
        int length = text.length();
        boolean[] code = new boolean[length];
        int lineStart = 0;
        String fence = null;
        while (lineStart < length) {
            int lineEnd = text.indexOf('\n', lineStart);
            lineEnd = lineEnd < 0 ? length : lineEnd;
            String line = text.substring(lineStart, lineEnd);
            String stripped = line.stripLeading();
            String marker = fenceMarker(stripped);
            if (fence != null) {
                java.util.Arrays.fill(code, lineStart, lineEnd, true);
                if (marker != null && marker.charAt(0) == fence.charAt(0) && marker.length() >= fence.length()
                        && stripped.substring(marker.length()).isBlank()) {
                    fence = null;
                }
            } else if (marker != null && line.length() - stripped.length() < 4) {
                fence = marker;
                java.util.Arrays.fill(code, lineStart, lineEnd, true);
            } else {
                codeSpans(text, lineStart, lineEnd, code);
            }
            lineStart = lineEnd + 1;
        }
        return code;
    }

    private static String fenceMarker(String stripped) {
        if (stripped.startsWith("```") || stripped.startsWith("~~~")) {
            char c = stripped.charAt(0);
            int n = 0;
            while (n < stripped.length() && stripped.charAt(n) == c) {
                n++;
            }
            return stripped.substring(0, n);
        }
        return null;
    }

    /** Marks the code spans of one line; each backtick run is looked at once. */
    private static void codeSpans(String text, int start, int end, boolean[] code) {
        int i = start;
        // for each run length, where its next occurrence on this line starts (found lazily, left to right)
        java.util.Map<Integer, java.util.ArrayDeque<Integer>> runs = new java.util.HashMap<>();
        List<int[]> all = new ArrayList<>();
        while (i < end) {
            if (text.charAt(i) == '`') {
                int runStart = i;
                while (i < end && text.charAt(i) == '`') {
                    i++;
                }
                all.add(new int[] {runStart, i - runStart});
                runs.computeIfAbsent(i - runStart, n -> new java.util.ArrayDeque<>()).add(all.size() - 1);
            } else {
                i++;
            }
        }
        int k = 0;
        while (k < all.size()) {
            int[] open = all.get(k);
            java.util.ArrayDeque<Integer> same = runs.get(open[1]);
            while (!same.isEmpty() && same.peek() <= k) {
                same.poll();
            }
            if (same.isEmpty()) {
                k++;
                continue;
            }
            int closeIndex = same.poll();
            int[] close = all.get(closeIndex);
            java.util.Arrays.fill(code, open[0], close[0] + close[1], true);
            k = closeIndex + 1;
        }
    }
}
