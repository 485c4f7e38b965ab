package dev.paperorchestra.writer.latex;

import dev.paperorchestra.runtime.materials.LatexReferences;
import java.util.Set;

/** The citation keys a document cites (natbib and biblatex commands included; comments ignored). */
public final class CitedKeys {

    private CitedKeys() {
    }

    public static Set<String> of(String tex) {
        return LatexReferences.citeKeys(tex);
    }
}
