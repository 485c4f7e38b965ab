package dev.paperorchestra.runtime.llm;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pulls the body out of a model answer that wraps it in a fenced block (```latex, ```json, ```bibtex). Models
 * often add a sentence before or after the block; only the block is the answer.
 */
public final class FencedBlocks {

    private static final Pattern FENCE = Pattern.compile("(?s)```[ \\t]*([A-Za-z0-9_+-]*)[ \\t]*\\R(.*?)\\R?[ \\t]*```");

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
        Matcher matcher = FENCE.matcher(answer);
        while (matcher.find()) {
            String tag = matcher.group(1).toLowerCase(Locale.ROOT);
            String body = matcher.group(2);
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

    private static String longer(String current, String candidate) {
        return current == null || candidate.length() > current.length() ? candidate : current;
    }
}
