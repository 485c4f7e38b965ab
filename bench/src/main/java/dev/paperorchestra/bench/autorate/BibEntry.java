package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.service.references.ReferenceQuery;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A reference of a {@code references.bib}: its key and the fields a lookup needs. The parser reads braced,
 * quoted and bare field values with nested braces, which is what hand-written and exported .bib files use;
 * {@code @string}, {@code @comment} and {@code @preamble} are skipped.
 */
public record BibEntry(String key, String title, @Nullable String doi, @Nullable String arxivId) {

    /** This entry as the deployment's verifier looks it up. */
    public ReferenceQuery query() {
        return new ReferenceQuery(key, title, doi, arxivId);
    }

    public static List<BibEntry> parse(String bib) {
        List<BibEntry> entries = new ArrayList<>();
        int at = bib.indexOf('@');
        while (at >= 0) {
            int open = bib.indexOf('{', at);
            if (open < 0) {
                break;
            }
            String type = bib.substring(at + 1, open).strip().toLowerCase(Locale.ROOT);
            int close = matching(bib, open);
            String body = bib.substring(open + 1, close < 0 ? bib.length() : close);
            if (!type.equals("string") && !type.equals("comment") && !type.equals("preamble")) {
                entry(body).ifPresent(entries::add);
            }
            at = close < 0 ? -1 : bib.indexOf('@', close);
        }
        return entries;
    }

    private static Optional<BibEntry> entry(String body) {
        int comma = body.indexOf(',');
        if (comma < 0) {
            return Optional.empty();
        }
        String key = body.substring(0, comma).strip();
        Map<String, String> fields = fields(body.substring(comma + 1));
        String title = fields.get("title");
        if (key.isEmpty() || title == null || title.isBlank()) {
            return Optional.empty();
        }
        String arxiv = fields.get("eprint");
        if (arxiv == null && fields.getOrDefault("journal", "").toLowerCase(Locale.ROOT).startsWith("arxiv")) {
            arxiv = fields.get("volume");
        }
        return Optional.of(new BibEntry(key, clean(title), fields.get("doi"), arxiv));
    }

    private static Map<String, String> fields(String text) {
        Map<String, String> fields = new HashMap<>();
        int i = 0;
        while (i < text.length()) {
            int eq = text.indexOf('=', i);
            if (eq < 0) {
                break;
            }
            String name = text.substring(i, eq).replace(",", "").strip().toLowerCase(Locale.ROOT);
            int start = eq + 1;
            while (start < text.length() && Character.isWhitespace(text.charAt(start))) {
                start++;
            }
            if (start >= text.length()) {
                break;
            }
            int end;
            String value;
            char first = text.charAt(start);
            if (first == '{') {
                end = matching(text, start);
                end = end < 0 ? text.length() - 1 : end;
                value = text.substring(start + 1, end);
            } else if (first == '"') {
                end = text.indexOf('"', start + 1);
                end = end < 0 ? text.length() - 1 : end;
                value = text.substring(start + 1, end);
            } else {
                end = text.indexOf(',', start);
                end = end < 0 ? text.length() : end;
                value = text.substring(start, end).strip();
                end--;
            }
            fields.put(name, value.strip());
            i = end + 1;
        }
        return fields;
    }

    private static int matching(String text, int open) {
        int depth = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private static String clean(String title) {
        return title.replaceAll("[{}]", "").replaceAll("\\s+", " ").strip();
    }
}
