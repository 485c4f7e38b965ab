package dev.paperorchestra.gateway;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Pulls the body out of a model answer that wraps it in a fenced block (```latex, ```json, ```bibtex). Models
 * often add a sentence before or after the block; only the block is the answer. A block opens with three backticks,
 * an optional tag of letters, digits, {@code _+-} and the end of that line, wherever the backticks stand (models
 * do not always start a line with them), and closes at the next three backticks; the line break and indentation
 * before the closing backticks are not part of the body.
 */
public final class FencedBlocks {

    private static final String FENCE = "```";

    /** One fenced block: its tag (lower case, "" for none) and its body. */
    record Block(String tag, String body) {
    }

    private FencedBlocks() {
    }

    /**
     * The longest block tagged with {@code language} (case-insensitive), else the longest untagged block.
     * Longest, because a model that shows a short snippet before the full document means the document.
     */
    public static Optional<String> find(String answer, String language) {
        String wanted = language.toLowerCase(Locale.ROOT);
        String tagged = null;
        String untagged = null;
        for (Block block : blocks(answer)) {
            String tag = block.tag();
            String body = block.body();
            if (tag.equals(wanted) || (wanted.equals("latex") && tag.equals("tex"))) {
                tagged = longer(tagged, body);
            } else if (tag.isEmpty()) {
                untagged = longer(untagged, body);
            }
        }
        return Optional.ofNullable(tagged != null ? tagged : untagged);
    }

    /** The fenced block as {@link #find} chooses it, or the whole answer trimmed when it has no fence. */
    public static String extract(String answer, String language) {
        return find(answer, language).orElse(answer.strip());
    }

    /** Every fenced block of the answer, in order. */
    static List<Block> blocks(String answer) {
        List<Block> blocks = new ArrayList<>();
        int open = answer.indexOf(FENCE);
        while (open >= 0) {
            int at = spaces(answer, open + FENCE.length());
            int tagEnd = at;
            while (tagEnd < answer.length() && isTagChar(answer.charAt(tagEnd))) {
                tagEnd++;
            }
            int lineEnd = spaces(answer, tagEnd);
            int bodyStart = lineBreakEnd(answer, lineEnd);
            int close = bodyStart < 0 ? -1 : answer.indexOf(FENCE, bodyStart);
            if (close < 0) {
                open = answer.indexOf(FENCE, open + 1);
                continue;
            }
            int bodyEnd = close;
            while (bodyEnd > bodyStart && (answer.charAt(bodyEnd - 1) == ' ' || answer.charAt(bodyEnd - 1) == '\t')) {
                bodyEnd--;
            }
            if (bodyEnd > bodyStart && answer.charAt(bodyEnd - 1) == '\n') {
                bodyEnd--;
            }
            if (bodyEnd > bodyStart && answer.charAt(bodyEnd - 1) == '\r') {
                bodyEnd--;
            }
            blocks.add(new Block(answer.substring(at, tagEnd).toLowerCase(Locale.ROOT),
                    answer.substring(bodyStart, bodyEnd)));
            open = answer.indexOf(FENCE, close + FENCE.length());
        }
        return blocks;
    }

    private static boolean isTagChar(char c) {
        return c < 128 && Character.isLetterOrDigit(c) || c == '_' || c == '+' || c == '-';
    }

    private static int spaces(String text, int from) {
        int i = from;
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    /** Where the line break at {@code at} ends ({@code \r\n}, {@code \n} or {@code \r}), or -1 when there is none. */
    private static int lineBreakEnd(String text, int at) {
        if (at < text.length() && text.charAt(at) == '\r') {
            return at + 1 < text.length() && text.charAt(at + 1) == '\n' ? at + 2 : at + 1;
        }
        return at < text.length() && text.charAt(at) == '\n' ? at + 1 : -1;
    }

    private static String longer(String current, String candidate) {
        return current == null || candidate.length() > current.length() ? candidate : current;
    }
}
