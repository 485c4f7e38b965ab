package dev.paperorchestra.content.materials;

import dev.paperorchestra.model.tex.TexDocument;
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

    private static final Pattern BIB_ENTRY = Pattern.compile(
            "(?m)^[^\\S\\n]*+@\\s*+([a-zA-Z]++)\\s*+\\{\\s*+([^,\\s{}]++)\\s*+,");

    private LatexReferences() {
    }

    /** The source without {@code %} comments (an escaped {@code \\%} stays). */
    public static String withoutComments(String tex) {
        return TexDocument.parse(tex).withoutComments();
    }

    /** Distinct keys of every {@code \\cite}-family command outside comments, in order of first use. */
    public static SequencedSet<String> citeKeys(String tex) {
        return new LinkedHashSet<>(TexDocument.parse(tex).citedKeys());
    }

    /** The file argument of every {@code \\includegraphics} outside comments, in order. */
    public static List<String> includedGraphics(String tex) {
        return TexDocument.parse(tex).commands("includegraphics").stream().map(command -> command.lastText().strip())
                .toList();
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
