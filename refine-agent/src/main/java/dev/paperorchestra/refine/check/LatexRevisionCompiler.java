package dev.paperorchestra.refine.check;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.content.latex.CompileJob;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.materials.TemplateKit;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Compiles a revision with the runtime's LaTeX toolchain, with the draft's references.bib and figures and the
 * template's author kit.
 */
public final class LatexRevisionCompiler implements RevisionCompiler {

    private final LatexCompiler compiler;
    private final BlobStore blobs;

    public LatexRevisionCompiler(LatexCompiler compiler, BlobStore blobs) {
        this.compiler = compiler;
        this.blobs = blobs;
    }

    @Override
    public Compiled compile(RevisionCandidate candidate) {
        PaperDraftedEvent draft = candidate.draft();
        CompileOutcome outcome = compiler.compile(new CompileJob(candidate.paperId() + "-v" + candidate.iteration(),
                candidate.tex(), blobs.getText(draft.getBibliography()), figureFiles(draft),
                TemplateKit.of(draft.getContext().getMaterials(), blobs)));
        return switch (outcome) {
            case CompileOutcome.Compiled compiled -> new Compiled(CompileReport.newBuilder()
                    .setStatus(CompileStatus.COMPILED).setMessage(compiled.message())
                    .setPageCount(compiled.pages() > 0 ? compiled.pages() : null).build(), compiled.pdf());
            case CompileOutcome.Skipped skipped -> new Compiled(CompileReport.newBuilder()
                    .setStatus(CompileStatus.SKIPPED).setMessage(skipped.reason()).build(), null);
            case CompileOutcome.Failed failed -> new Compiled(CompileReport.newBuilder()
                    .setStatus(CompileStatus.FAILED).setMessage(failed.message()).build(), null);
        };
    }

    /**
     * Every figure under the name the paper includes it by: the rendering matching the extension. An author's
     * figure is the plotting agent's inspected copy; the uploaded file itself never enters the compile.
     */
    private Map<String, byte[]> figureFiles(PaperDraftedEvent draft) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (Figure figure : draft.getFigures()) {
            ArtifactRef source = source(figure);
            if (source != null) {
                files.put(figure.getFileName(), blobs.get(source));
            }
        }
        return files;
    }

    private static @Nullable ArtifactRef source(Figure figure) {
        String name = figure.getFileName();
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".png")) {
            return figure.getPng();
        }
        return figure.getPdf() != null ? figure.getPdf() : figure.getPng();
    }
}
