package dev.paperorchestra.content.revision;

import dev.paperorchestra.model.tex.TexPrimitives;
import dev.paperorchestra.content.materials.LatexReferences;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The fabrication audit of one edit's new text: every number it states is in the paper as submitted, the
 * experimental log, the idea or the verified entry the edit cites (a title's number), compared by value; every
 * {@code \cite} key is an entry of the verified bibliography (the paper's, or a verified entry the edit adds); and
 * nothing TeX would run to read files or commands ({@link TexPrimitives}). A finding rejects the edit. Reusable by
 * anything that changes a paper from outside text (the revision, the reviewer panel's fixes).
 */
public final class FabricationAudit {

    private final Set<BigDecimal> knownNumbers;
    private final Set<String> verifiedKeys;

    /**
     * @param materials the paper as submitted and its materials
     */
    public FabricationAudit(RevisionMaterials materials) {
        this.knownNumbers = Numbers.values(materials.tex() + "\n" + materials.experimentalLog() + "\n"
                + materials.idea());
        this.verifiedKeys = LatexReferences.bibKeys(materials.bibliography());
    }

    /** The findings on the edit's new text; empty when it is clean. */
    public List<String> findings(Edit edit) {
        List<String> findings = new ArrayList<>();
        Set<BigDecimal> allowed = new HashSet<>(knownNumbers);
        for (Evidence evidence : edit.evidence()) {
            if (evidence.source() == Evidence.Source.BIBLIOGRAPHY) {
                allowed.addAll(Numbers.values(evidence.quote()));
            }
        }
        Set<String> reported = new LinkedHashSet<>();
        for (String number : Numbers.stated(edit.after())) {
            if (!allowed.contains(Numbers.value(number)) && reported.add(number)) {
                findings.add("number " + number + " is in neither the paper, the experimental log nor the idea");
            }
        }
        Set<String> keys = new HashSet<>(verifiedKeys);
        if (!edit.bibEntry().isBlank() && edit.evidence().stream().anyMatch(evidence -> evidence.source()
                == Evidence.Source.BIBLIOGRAPHY && evidence.quote().strip().equals(edit.bibEntry().strip()))) {
            keys.addAll(LatexReferences.bibKeys(edit.bibEntry()));
        }
        for (String key : LatexReferences.citeKeys(edit.after())) {
            if (!keys.contains(key)) {
                findings.add("\\cite key `" + key + "' is not a verified reference");
            }
        }
        for (TexPrimitives.Finding primitive : TexPrimitives.scan(edit.after())) {
            findings.add("the new text uses " + primitive.use() + " (" + primitive.why() + ")");
        }
        return findings;
    }
}
