package dev.paperorchestra.refine.check;

import dev.paperorchestra.content.materials.MessyNotes;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.content.integrity.DraftUnderCheck;
import dev.paperorchestra.content.integrity.IntegrityGates;
import dev.paperorchestra.content.integrity.PageFillGate;
import dev.paperorchestra.content.integrity.PlottedTables;
import dev.paperorchestra.content.latex.PdfPages;
import dev.paperorchestra.content.materials.Guidelines;
import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.PaperVersion;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The checks of a revision, cheapest first: a complete document without added limitation or future-work
 * statements, no integrity-gate finding the previous version did not have (numbers from the log, known
 * citation keys, figures, structure, content), then the compile, which runs only when the text checks hold because a
 * revision that fails them is rejected anyway, and the page limit on the compiled PDF.
 */
public final class CompilingRevisionCheck implements RevisionCheck {

    private final BlobStore blobs;
    private final RevisionCompiler compiler;

    public CompilingRevisionCheck(BlobStore blobs, RevisionCompiler compiler) {
        this.blobs = blobs;
        this.compiler = compiler;
    }

    @Override
    public CheckedRevision check(RevisionCandidate candidate) {
        List<String> failures = new ArrayList<>(textFailures(candidate));
        DraftUnderCheck previous = materials(candidate);
        GateRegressions.introduced(IntegrityGates.check(previous), IntegrityGates.check(previous.withTex(
                candidate.tex()))).forEach(finding -> failures.add(finding.toString()));
        if (!failures.isEmpty()) {
            return new CheckedRevision.Failed(failures);
        }
        RevisionCompiler.Compiled compiled = compiler.compile(candidate);
        if (compiled.report().getStatus() == CompileStatus.FAILED) {
            return new CheckedRevision.Failed(List.of("compile failed: " + compiled.report().getMessage()));
        }
        byte[] pdf = compiled.pdf();
        String overLimit = pastThePageLimit(candidate.draft(), pdf, previous.notCounted());
        if (overLimit != null) {
            return new CheckedRevision.Failed(List.of(overLimit));
        }
        ArtifactRef pdfRef = pdf == null ? null : blobs.put(pdf, MediaTypes.PDF);
        return new CheckedRevision.Passed(PaperVersion.newBuilder()
                .setVersion(candidate.iteration())
                .setTex(blobs.putText(candidate.tex(), MediaTypes.TEX))
                .setPdf(pdfRef)
                .setCompile(compiled.report())
                .build());
    }

    /**
     * The PAGES gate on a compiled revision: a revision may not push the main text past the page limit that the
     * draft kept (a draft already past it was reported by the writer, and a revision is not blamed for it).
     *
     * @param notCounted the parts the guidelines do not count towards the limit, besides the references
     */
    static @Nullable String pastThePageLimit(PaperDraftedEvent draft, byte @Nullable [] pdf,
            List<String> notCounted) {
        Integer limit = draft.getStats().getPageLimit();
        Integer draftPages = draft.getStats().getMainTextPages();
        if (pdf == null || limit == null || (draftPages != null && draftPages > limit)) {
            return null;
        }
        Integer pages = PdfPages.mainTextPages(pdf, notCounted).orElse(null);
        List<Finding> findings = PageFillGate.check(pages, limit, 0).findings();
        return findings.isEmpty() ? null : findings.getFirst().toString();
    }

    /** The checks on the text alone, as a pure function of the revision and the version it came from. */
    static List<String> textFailures(RevisionCandidate candidate) {
        String tex = candidate.tex();
        List<String> failures = new ArrayList<>();
        if (TexDocument.parse(tex).environment("document").isEmpty()) {
            failures.add("not a complete LaTeX document (\\begin{document} ... \\end{document} missing)");
        }
        for (AddedCaveats.Statement added : AddedCaveats.find(candidate.previousTex(), tex)) {
            failures.add("adds a " + added.kind() + " statement: \"" + abbreviate(added.sentence()) + "\"");
        }
        return failures;
    }

    /** The previous version with the materials the gates compare a paper against. */
    private DraftUnderCheck materials(RevisionCandidate candidate) {
        PaperDraftedEvent draft = candidate.draft();
        Materials materials = draft.getContext().getMaterials();
        List<String> figureFiles = draft.getFigures().stream().map(Figure::getFileName).distinct().toList();
        // the kit's own files lie beside paper.tex at the compile: an \includegraphics of one names a file that exists
        Set<String> kit = new LinkedHashSet<>();
        materials.getTemplateFiles().forEach(file -> kit.add(file.getName()));
        // only the included names: an author's upload never enters the compile, its inspected copy does
        Set<String> available = new LinkedHashSet<>(figureFiles);
        Guidelines guidelines = Guidelines.parse(blobs.getText(materials.getGuidelines()));
        return new DraftUnderCheck(candidate.previousTex(), blobs.getText(draft.getBibliography()),
                MessyNotes.cleanText(blobs.getText(materials.getExperimentalLog())),
                MessyNotes.cleanText(blobs.getText(materials.getIdea())), figureFiles,
                available, guidelines.mandatorySections(), List.of(),
                draft.getContext().getOutline() == null ? "" : blobs.getText(draft.getContext().getOutline()),
                PlottedTables.of(draft.getFigures(), blobs::getText), guidelines.excludedParts()).withKitFiles(kit);
    }

    private static String abbreviate(String sentence) {
        return sentence.length() <= 160 ? sentence : sentence.substring(0, 157) + "...";
    }
}
