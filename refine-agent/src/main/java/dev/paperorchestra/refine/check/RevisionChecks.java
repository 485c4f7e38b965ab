package dev.paperorchestra.refine.check;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.materials.LatexReferences;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.PaperVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The checks of a revision, cheapest first; the compile runs only when the text checks hold, because a
 * revision that fails them is rejected anyway.
 */
public final class RevisionChecks implements RevisionCheck {

    private final BlobStore blobs;
    private final RevisionCompiler compiler;

    public RevisionChecks(BlobStore blobs, RevisionCompiler compiler) {
        this.blobs = blobs;
        this.compiler = compiler;
    }

    @Override
    public CheckedRevision check(RevisionCandidate candidate) {
        List<String> failures = textFailures(candidate, blobs.getText(candidate.draft().getBibliography()));
        if (!failures.isEmpty()) {
            return new CheckedRevision.Failed(failures);
        }
        RevisionCompiler.Compiled compiled = compiler.compile(candidate);
        if (compiled.report().getStatus() == CompileStatus.FAILED) {
            return new CheckedRevision.Failed(List.of("compile failed: " + compiled.report().getMessage()));
        }
        byte[] pdf = compiled.pdf();
        ArtifactRef pdfRef = pdf == null ? null : blobs.put(pdf, MediaTypes.PDF);
        return new CheckedRevision.Passed(PaperVersion.newBuilder()
                .setVersion(candidate.iteration())
                .setTex(blobs.putText(candidate.tex(), MediaTypes.TEX))
                .setPdf(pdfRef)
                .setCompile(compiled.report())
                .build());
    }

    /** The checks on the text alone, as a pure function of the revision and references.bib. */
    static List<String> textFailures(RevisionCandidate candidate, String bibliography) {
        String tex = candidate.tex();
        List<String> failures = new ArrayList<>();
        if (!tex.contains("\\begin{document}") || !tex.contains("\\end{document}")) {
            failures.add("not a complete LaTeX document (\\begin{document} ... \\end{document} missing)");
        }
        Set<String> known = LatexReferences.bibKeys(bibliography);
        List<String> unknown = LatexReferences.citeKeys(tex).stream().filter(key -> !known.contains(key)).toList();
        if (!unknown.isEmpty()) {
            failures.add("cites keys that are not in references.bib: " + String.join(", ", unknown));
        }
        for (AddedCaveats.Statement added : AddedCaveats.find(candidate.previousTex(), tex)) {
            failures.add("adds a " + added.kind() + " statement: \"" + abbreviate(added.sentence()) + "\"");
        }
        return failures;
    }

    private static String abbreviate(String sentence) {
        return sentence.length() <= 160 ? sentence : sentence.substring(0, 157) + "...";
    }
}
