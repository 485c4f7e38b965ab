package dev.paperorchestra.outline;

import dev.paperorchestra.outline.exemplar.ExemplarPlan;
import dev.paperorchestra.outline.materials.MaterialsValidator;
import dev.paperorchestra.outline.materials.ParsedMaterials;
import dev.paperorchestra.outline.materials.SubmissionDeadline;
import dev.paperorchestra.outline.plan.ModelOutliner;
import dev.paperorchestra.outline.plan.OfflineOutliner;
import dev.paperorchestra.outline.plan.SearchQueries;
import dev.paperorchestra.outline.schema.OutlineValidator;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.runtime.kafka.StageTimings;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.PaperContext;
import java.time.Clock;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Step 1 for one paper: validate the materials, make the outline (offline rules or the planner model),
 * check it against the schema, store outline.json and return the paper's context pointing at it.
 * outline.json holds the schema's three keys (and exemplar_plan when the materials have exemplar papers), so the
 * offline label is not in it; the run summary carries the job's mode.
 */
public final class OutlineService {

    public static final String CUTOFF_FROM_JOB = "job";
    public static final String CUTOFF_FROM_DEADLINE = "guidelines-deadline";

    private final MaterialsValidator materials;
    private final OfflineOutliner offline;
    private final ModelOutliner model;
    private final OutlineValidator validator;
    private final BlobStore blobs;
    private final AgentIdentity identity;
    private final Clock clock;

    public OutlineService(MaterialsValidator materials, OfflineOutliner offline, ModelOutliner model,
            OutlineValidator validator, BlobStore blobs, AgentIdentity identity, Clock clock) {
        this.materials = materials;
        this.offline = offline;
        this.model = model;
        this.validator = validator;
        this.blobs = blobs;
        this.identity = identity;
        this.clock = clock;
    }

    /**
     * @throws dev.paperorchestra.base.errors.InvalidMaterialsException when the materials cannot be used
     * @throws PermanentException when no valid outline can be made
     */
    public OutlineResult outline(PaperContext context) {
        ParsedMaterials parsed = materials.read(context);
        context = withCutoff(context, parsed);
        boolean isOffline = ModelMode.isOffline(context);
        String json = isOffline
                ? Json.mapper().writeValueAsString(offline.outline(parsed, context.getOptions()))
                : model.outline(parsed, context);
        JsonNode outline = Json.mapper().readTree(json);
        if (!isOffline && outline instanceof ObjectNode object) {
            // the model was given the plan; the record of what shaped what is derived here, never taken from it
            object.remove("exemplar_plan");
            if (parsed.exemplars() != null) {
                object.set("exemplar_plan", Json.mapper().valueToTree(shapedBy(parsed.exemplars(), outline)));
            }
        }
        List<String> violations = validator.validate(outline);
        if (!violations.isEmpty()) {
            // the offline rules must always produce a valid outline, and model answers were validated already
            throw new PermanentException("the outline of paper " + context.getPaperId()
                    + " violates outline.schema.json (a bug in the outline agent): " + String.join("; ", violations));
        }
        ArtifactRef ref = blobs.putText(Json.mapper().writeValueAsString(outline), MediaTypes.JSON);
        PaperContext outlined = PaperContext.newBuilder(context).setOutline(ref).build();
        return new OutlineResult(StageTimings.append(outlined, identity.stage(), identity.name(), clock.instant()),
                SearchQueries.figureCount(outline), SearchQueries.count(outline), isOffline);
    }

    /** The exemplar plan with the model's section_plan entries it shaped, matched by role. */
    static ExemplarPlan shapedBy(ExemplarPlan plan, JsonNode outline) {
        List<ExemplarPlan.Shaped> shaped = new java.util.ArrayList<>();
        for (JsonNode section : outline.path("section_plan")) {
            String title = section.path("section_title").asString("");
            plan.section(ExemplarPlan.role(title)).ifPresent(planned -> shaped.add(new ExemplarPlan.Shaped(title,
                    planned.role(), planned.share(), planned.exemplars())));
        }
        return plan.shaping(shaped);
    }

    /**
     * The context with its cutoff and where it came from: the job's own, else the guidelines' submission
     * deadline (a paper after the deadline must not pass verification), else none.
     */
    static PaperContext withCutoff(PaperContext context, ParsedMaterials parsed) {
        JobOptions options = context.getOptions();
        if (options.getCutoffDate() != null) {
            return options.getCutoffSource() != null ? context : PaperContext.newBuilder(context)
                    .setOptions(JobOptions.newBuilder(options).setCutoffSource(CUTOFF_FROM_JOB).build()).build();
        }
        return SubmissionDeadline.of(parsed.guidelines())
                .map(deadline -> PaperContext.newBuilder(context).setOptions(JobOptions.newBuilder(options)
                        .setCutoffDate(deadline.toString()).setCutoffSource(CUTOFF_FROM_DEADLINE).build()).build())
                .orElse(context);
    }
}
