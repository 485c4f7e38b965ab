package dev.paperorchestra.literature.collect;

import dev.paperorchestra.runtime.approval.Approvals;
import dev.paperorchestra.schemas.ApprovalGates;
import dev.paperorchestra.schemas.ApprovalRecord;
import dev.paperorchestra.content.materials.MessyNotes;
import dev.paperorchestra.literature.drafting.LiteratureDraft;
import dev.paperorchestra.literature.drafting.ModelLiteratureDrafter;
import dev.paperorchestra.literature.drafting.OfflineLiteratureDrafter;
import dev.paperorchestra.literature.plan.OutlineReader;
import dev.paperorchestra.literature.registry.BibtexWriter;
import dev.paperorchestra.literature.registry.CitationMapJson;
import dev.paperorchestra.literature.registry.CitationRegistry;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.LiteratureDraftRequestedEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finishes a paper's literature stage: the registry from the verdicts, citation_map.json, references.bib and
 * the template with Introduction and Related Work written, all stored in the blob store.
 */
public final class LiteratureAssembler implements LiteratureFinisher {

    private static final Logger log = LoggerFactory.getLogger(LiteratureAssembler.class);
    /** generatedBy of a citation map whose candidates a model proposed. */
    static final String MODEL_LABEL = "literature-agent: model discovery, verified against the scholarly source";

    private final BlobStore blobs;
    private final OfflineLiteratureDrafter offlineDrafter;
    private final ModelLiteratureDrafter modelDrafter;

    public LiteratureAssembler(BlobStore blobs, OfflineLiteratureDrafter offlineDrafter,
            ModelLiteratureDrafter modelDrafter) {
        this.blobs = blobs;
        this.offlineDrafter = offlineDrafter;
        this.modelDrafter = modelDrafter;
    }

    @Override
    public Artifacts finish(LiteratureDraftRequestedEvent request) {
        PaperContext context = request.getContext();
        if (context.getOutline() == null) {
            throw new PermanentException(OutlineReader.FILE + ": paper " + context.getPaperId()
                    + " reached the literature stage without an outline");
        }
        boolean offline = ModelMode.isOffline(context);
        CitationRegistry registry = CitationRegistry.build(request.getVerdicts())
                .without(Approvals.removed(context, ApprovalGates.CITATIONS), "removed at the citations gate by "
                        + Approvals.decision(context, ApprovalGates.CITATIONS).map(ApprovalRecord::getDecidedBy)
                                .orElse("the approver"));
        String outline = blobs.getText(context.getOutline());
        String template = blobs.getText(context.getMaterials().getTemplate());
        LiteratureDraft draft = offline
                ? offlineDrafter.draft(template, OutlineReader.read(outline), registry)
                : modelDrafter.draft(context.getPaperId(), template, outline, new Prompt.Materials(
                        MessyNotes.cleanText(blobs.getText(context.getMaterials().getIdea())),
                        MessyNotes.cleanText(blobs.getText(context.getMaterials().getExperimentalLog()))),
                        context.getOptions().getCutoffDate(),
                        registry);
        var citationMap = blobs.putText(CitationMapJson.write(registry,
                offline ? ModelMode.OFFLINE_LABEL : MODEL_LABEL), MediaTypes.JSON);
        var bibliography = blobs.putText(BibtexWriter.write(registry, offline ? ModelMode.OFFLINE_LABEL : null),
                MediaTypes.BIBTEX);
        var draftRef = blobs.putText(draft.latex(), MediaTypes.TEX);
        log.info("paper {}: {} verified, {} rejected, {} of them cited in {}; draft {}", context.getPaperId(),
                registry.size(), registry.rejected().size(), draft.cited().size(), draft.sections(),
                draftRef.getSha256());
        return new Artifacts(citationMap, bibliography, draftRef, registry.size(), registry.rejected().size());
    }
}
