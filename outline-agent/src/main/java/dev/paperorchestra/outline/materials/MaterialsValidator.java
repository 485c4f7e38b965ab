package dev.paperorchestra.outline.materials;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import dev.paperorchestra.content.materials.IntakeResult;
import dev.paperorchestra.content.materials.JobRequest;
import dev.paperorchestra.content.materials.MaterialsContent;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.content.materials.MaterialsProblem;
import dev.paperorchestra.content.materials.MessyNotes;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.PaperContext;
import java.util.List;

/**
 * Applies the materials intake's content rules ({@link MaterialsContent}) again to a job as it arrives: front
 * doors check before submitting, but a job may come from any producer of paper-requests. Rejects with an
 * {@link InvalidMaterialsException} naming the file inside the submitted directory. A log without tables is
 * accepted: the paper then simply has no plots.
 */
public final class MaterialsValidator {

    private final BlobStore blobs;
    private final MaterialsLimits limits;

    public MaterialsValidator(BlobStore blobs, MaterialsLimits limits) {
        this.blobs = blobs;
        this.limits = limits;
    }

    /**
     * The job's options within their ranges, then its materials.
     *
     * @throws InvalidMaterialsException naming the option or the file and the problem
     */
    public ParsedMaterials read(PaperContext context) {
        List<MaterialsProblem> problems = JobRequest.checkRanges(context.getOptions(), limits);
        if (!problems.isEmpty()) {
            new IntakeResult.Rejected<ParsedMaterials>(problems).orElseThrow("");
        }
        return read(context.getMaterials());
    }

    /**
     * @throws InvalidMaterialsException naming the file (under the materials' source directory) and the problem
     */
    public ParsedMaterials read(Materials materials) {
        MaterialsContent content = MaterialsContent.check(materials, blobs, limits)
                .orElseThrow(materials.getSourceDirectory());
        // the plan is made from the cleaned notes, as the paper is written from them; tables are kept as written
        return new ParsedMaterials(MessyNotes.cleanText(content.idea()), MessyNotes.cleanText(content.experimentalLog()),
                content.tables(), content.template(), content.guidelinesText());
    }
}
