package dev.paperorchestra.content.materials;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.SequencedSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a LaTeX document refers to: citation keys, included graphics, and the keys a BibTeX file defines.
 * The writer reports these, the reviewer measures them and the refinement's checks compare them, so all
 * three read them the same way.
 */
public final class LatexReferences {

    private static final Pattern COMMENT = Pattern.compile("(?m)(?<!\\\\)%.*$");
    private static final Pattern CITE = Pattern.compile(
            "\\\\(?:[a-zA-Z]*cite[a-zA-Z]*|nocite)\\*?\\s*(?:\\[[^\\]]*]\\s*){0,2}\\{([^}]*)}");
    private static final Pattern INCLUDEGRAPHICS = Pattern.compile(
            "\\\\includegraphics\\*?(?:\\[[^\\]]*\\])?\\{([^}]*)}");
    private static final Pattern BIB_ENTRY = Pattern.compile("(?m)^\\s*@\\s*([a-zA-Z]+)\\s*\\{\\s*([^,\\s]+)\\s*,");

    private LatexReferences() {
    }

    /** The source without {@code %} comments (an escaped {@code \%} stays). */
    public static String withoutComments(String tex) {
        return COMMENT.matcher(tex).replaceAll("");
    }

    /** Distinct keys of every {@code \cite}-family command outside comments, in order of first use. */
    public static SequencedSet<String> citeKeys(String tex) {
        SequencedSet<String> keys = new LinkedHashSet<>();
        Matcher matcher = CITE.matcher(withoutComments(tex));
        while (matcher.find()) {
            for (String key : matcher.group(1).split(",")) {
                String stripped = key.strip();
                if (!stripped.isEmpty() && !stripped.equals("*")) {
                    keys.add(stripped);
                }
            }
        }
        return keys;
    }

    /** The file argument of every {@code \includegraphics} outside comments, in order. */
    public static List<String> includedGraphics(String tex) {
        List<String> files = new ArrayList<>();
        Matcher matcher = INCLUDEGRAPHICS.matcher(withoutComments(tex));
        while (matcher.find()) {
            files.add(matcher.group(1).strip());
        }
        return files;
    }

    /** Entry keys of a BibTeX file ({@code @type{key,}), ignoring {@code @string}, {@code @comment}, {@code @preamble}. */
    public static SequencedSet<String> bibKeys(String bibtex) {
        SequencedSet<String> keys = new LinkedHashSet<>();
        Matcher matcher = BIB_ENTRY.matcher(bibtex);
        while (matcher.find()) {
            String type = matcher.group(1).toLowerCase(Locale.ROOT);
            if (!type.equals("string") && !type.equals("comment") && !type.equals("preamble")) {
                keys.add(matcher.group(2));
            }
        }
        return keys;
    }
}
