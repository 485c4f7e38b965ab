package dev.paperorchestra.refine.completion;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SequencedSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The references a LaTeX paper makes to other output files: citation keys (to references.bib) and graphics
 * (to figures/). A copy of the reviewer's scanner on purpose: agents do not depend on each other.
 */
final class LatexRefs {

    private static final Pattern COMMENT = Pattern.compile("(?m)(?<!\\\\)%.*$");
    private static final Pattern CITE = Pattern.compile(
            "\\\\(?:no)?cite[a-zA-Z]*\\*?(?:\\[[^\\]]*\\]){0,2}\\{([^}]*)}");
    private static final Pattern INCLUDEGRAPHICS = Pattern.compile(
            "\\\\includegraphics\\*?(?:\\[[^\\]]*\\])?\\{([^}]*)}");
    private static final Pattern BIB_ENTRY = Pattern.compile("(?m)^\\s*@\\s*([a-zA-Z]+)\\s*\\{\\s*([^,\\s]+)\\s*,");

    private LatexRefs() {
    }

    /** Distinct {@code \cite}-family keys outside comments, in order of first use. */
    static SequencedSet<String> citeKeys(String tex) {
        SequencedSet<String> keys = new LinkedHashSet<>();
        Matcher matcher = CITE.matcher(withoutComments(tex));
        while (matcher.find()) {
            for (String key : matcher.group(1).split(",")) {
                if (!key.isBlank()) {
                    keys.add(key.strip());
                }
            }
        }
        return keys;
    }

    /** File arguments of {@code \includegraphics} outside comments, in order. */
    static List<String> includedGraphics(String tex) {
        List<String> files = new ArrayList<>();
        Matcher matcher = INCLUDEGRAPHICS.matcher(withoutComments(tex));
        while (matcher.find()) {
            files.add(matcher.group(1).strip());
        }
        return files;
    }

    /** Entry keys of a BibTeX file: {@code @type{key,} lines, without {@code @string}/{@code @comment}. */
    static SequencedSet<String> bibKeys(String bibtex) {
        SequencedSet<String> keys = new LinkedHashSet<>();
        Matcher matcher = BIB_ENTRY.matcher(bibtex);
        while (matcher.find()) {
            String type = matcher.group(1).toLowerCase(java.util.Locale.ROOT);
            if (!type.equals("string") && !type.equals("comment") && !type.equals("preamble")) {
                keys.add(matcher.group(2));
            }
        }
        return keys;
    }

    private static String withoutComments(String tex) {
        return COMMENT.matcher(tex).replaceAll("");
    }
}
