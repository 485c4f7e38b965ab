package dev.paperorchestra.writer.latex;

import dev.paperorchestra.model.tex.PackageUse;
import dev.paperorchestra.model.tex.TexDocument;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Packages of the preamble: which are loaded, and adding the ones the written sections need. */
public final class Preamble {

    private Preamble() {
    }

    public static Set<String> loadedPackages(String tex) {
        return loadedPackages(TexDocument.parse(tex));
    }

    static Set<String> loadedPackages(TexDocument document) {
        int begin = document.environment("document").map(environment -> environment.span().start())
                .orElse(Integer.MAX_VALUE);
        Set<String> loaded = new LinkedHashSet<>();
        for (PackageUse use : document.packages()) {
            if (use.command().start() < begin) {
                loaded.add(use.name());
            }
        }
        return loaded;
    }

    /** The document with a usepackage line before {@code \begin{document}} for each missing package. */
    public static String ensurePackages(String tex, List<String> packages) {
        TexDocument document = TexDocument.parse(tex);
        Set<String> loaded = loadedPackages(document);
        List<String> missing = new ArrayList<>(packages.stream().filter(name -> !loaded.contains(name)).toList());
        if (missing.isEmpty() || document.environment("document").isEmpty()) {
            return tex;
        }
        StringBuilder lines = new StringBuilder("% packages the written sections use (added by the writer)\n");
        missing.forEach(name -> lines.append("\\usepackage{").append(name).append("}\n"));
        return TexStructure.insertLinesBefore(tex, document.preamble().end(), lines.toString());
    }
}
