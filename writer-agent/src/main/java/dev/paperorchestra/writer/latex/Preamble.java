package dev.paperorchestra.writer.latex;

import dev.paperorchestra.content.materials.LatexReferences;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Packages of the preamble: which are loaded, and adding the ones the written sections need. */
public final class Preamble {

    private static final Pattern USE_PACKAGE = Pattern.compile(
            "\\\\(?:usepackage|RequirePackage)\\s*(?:\\[[^\\]]*])?\\s*\\{([^}]*)}");

    private Preamble() {
    }

    public static Set<String> loadedPackages(String tex) {
        int begin = tex.indexOf(TexStructure.BEGIN_DOCUMENT);
        String preamble = LatexReferences.withoutComments(begin < 0 ? tex : tex.substring(0, begin));
        Set<String> loaded = new LinkedHashSet<>();
        Matcher matcher = USE_PACKAGE.matcher(preamble);
        while (matcher.find()) {
            Arrays.stream(matcher.group(1).split(",")).map(String::strip).filter(name -> !name.isEmpty())
                    .forEach(loaded::add);
        }
        return loaded;
    }

    /** The document with a usepackage line before {@code \begin{document}} for each missing package. */
    public static String ensurePackages(String tex, List<String> packages) {
        Set<String> loaded = loadedPackages(tex);
        List<String> missing = new ArrayList<>(packages.stream().filter(name -> !loaded.contains(name)).toList());
        int begin = TexStructure.find(tex, Pattern.quote(TexStructure.BEGIN_DOCUMENT), 0);
        if (missing.isEmpty() || begin < 0) {
            return tex;
        }
        StringBuilder lines = new StringBuilder("% packages the written sections use (added by the writer)\n");
        missing.forEach(name -> lines.append("\\usepackage{").append(name).append("}\n"));
        return TexStructure.insertLinesBefore(tex, begin, lines.toString());
    }
}
