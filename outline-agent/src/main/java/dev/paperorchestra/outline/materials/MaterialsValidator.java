package dev.paperorchestra.outline.materials;

import dev.paperorchestra.content.materials.MaterialsExemplars;
import dev.paperorchestra.outline.exemplar.ExemplarPlan;
import dev.paperorchestra.outline.exemplar.ExemplarReader;
import dev.paperorchestra.schemas.NamedArtifact;
import java.util.LinkedHashMap;
import java.util.Map;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
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
    private final ExemplarReader exemplars;

    public MaterialsValidator(BlobStore blobs, MaterialsLimits limits) {
        this(blobs, limits, ExemplarReader.latexOnly());
    }

    /**
     * @param exemplars reads the exemplar papers a job's materials carry
     */
    public MaterialsValidator(BlobStore blobs, MaterialsLimits limits, ExemplarReader exemplars) {
        this.blobs = blobs;
        this.limits = limits;
        this.exemplars = exemplars;
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
        ParsedMaterials parsed = new ParsedMaterials(MessyNotes.cleanText(content.idea()),
                MessyNotes.cleanText(content.experimentalLog()), content.tables(), content.template(),
                content.guidelinesText());
        if (materials.getExemplars().isEmpty()) {
            return parsed;
        }
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (NamedArtifact exemplar : materials.getExemplars().stream().limit(MaterialsExemplars.MAX_FILES)
                .toList()) {
            // a producer other than the front doors may send anything: the size is checked before reading
            long size = exemplar.getArtifact().getSizeBytes();
            if (size <= MaterialsExemplars.MAX_PDF_BYTES) {
                files.put(exemplar.getName().replaceAll(".*/", ""), blobs.get(exemplar.getArtifact()));
            }
        }
        return parsed.withExemplars(ExemplarPlan.of(exemplars.read(materials.getSourceDirectory(), files))
                .orElse(null));
    }
}
