package dev.paperorchestra.outline.plan;

import dev.paperorchestra.outline.exemplar.ExemplarPlan;
import dev.paperorchestra.outline.materials.ParsedMaterials;
import dev.paperorchestra.outline.schema.OutlineSchema;
import dev.paperorchestra.outline.schema.OutlineValidator;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.schemas.PaperContext;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The outline asked of the planner model (model mode): one call with the outline schema, and, while the
 * answer violates it, at most {@code maxRepairs} further calls that send the violations back.
 */
public final class ModelOutliner {

    private static final int VIOLATIONS_SHOWN = 20;
    private static final String SYSTEM = """
            You plan a research paper from its author's materials. Answer with one JSON object matching the given \
            JSON Schema, with exactly the keys plotting_plan, intro_related_work_plan and section_plan.
            Rules: plan plots only from numbers present in experimental_log.md or idea.md and name the chart type \
            in the objective; figure ids are meaningful snake_case and never contain the word "figure". The \
            introduction searches macro context, related work searches technical comparisons; the two do not \
            overlap, the problem gap is scoped to the datasets and evaluations in the log, and no competitor \
            beyond those in the log is introduced. The section plan covers abstract, method, experiments and \
            conclusion; a section has no subsections or at least two; bullets point at concrete material. \
            Citation hints cover every dataset, baseline, metric, optimizer and architecture named in the \
            materials, written "Author (Exact Title)" only when both are certain, otherwise \
            "research paper or technical report introducing '<exact name>'". Never guess authors.""";

    /** The line of the request that names the template's sections, comma-separated. */
    public static final String TEMPLATE_SECTIONS = "Template sections: ";

    private final LlmGateway gateway;
    private final OutlineValidator validator;
    private final int maxRepairs;
    private final String agent;

    public ModelOutliner(LlmGateway gateway, OutlineValidator validator, int maxRepairs, String agent) {
        this.gateway = gateway;
        this.validator = validator;
        this.maxRepairs = maxRepairs;
        this.agent = agent;
    }

    /**
     * @return the model's outline as JSON text, valid against the schema
     * @throws PermanentException when the answer is still invalid after {@code maxRepairs} repairs (or the
     *                            gateway cannot call a model)
     */
    public String outline(ParsedMaterials materials, PaperContext context) {
        // the materials lead every attempt (a repair adds its part after them), rendered as every later step
        // renders them: one cached prefix for the whole paper
        Prompt.Materials shared = new Prompt.Materials(materials.idea(), materials.experimentalLog());
        String reading = reading(materials, context);
        Prompt user = Prompt.builder().materials(shared).reading(reading).build();
        for (int attempt = 0; ; attempt++) {
            String answer = gateway.call(new LlmRequest(context.getPaperId(), agent, LlmRole.PLANNER, SYSTEM, user,
                    OutlineSchema.forModel(), List.of())).text();
            List<String> violations = validator.validate(answer);
            if (violations.isEmpty()) {
                return answer;
            }
            if (attempt >= maxRepairs) {
                throw new PermanentException("the planner's outline is still invalid after " + maxRepairs
                        + " repair(s): " + String.join("; ", violations.subList(0,
                                Math.min(violations.size(), VIOLATIONS_SHOWN))));
            }
            user = Prompt.builder().materials(shared).reading(reading).task("Your previous answer was:\n" + answer
                    + "\n\nIt violates the schema:\n- " + String.join("\n- ", violations)
                    + "\n\nAnswer again with the corrected JSON object only.").build();
        }
    }

    /** What the planner reads besides the shared materials: the template, the cutoff, the guidelines. */
    private static String reading(ParsedMaterials materials, PaperContext context) {
        @Nullable String cutoff = context.getOptions().getCutoffDate();
        return TEMPLATE_SECTIONS + String.join(", ", materials.template().sections()) + "\n"
                + (cutoff == null ? "" : "Research cutoff: literature must predate " + cutoff + "\n")
                + "\n=== conference_guidelines.md ===\n" + materials.guidelines()
                + (materials.exemplars() == null ? "" : exemplarPrompt(materials.exemplars()));
    }

    /**
     * The exemplars' section plan, for the model to follow: only titles, order and shares go into the prompt,
     * never the exemplars' own text.
     */
    static String exemplarPrompt(ExemplarPlan plan) {
        StringBuilder text = new StringBuilder("\n\n=== section plan of exemplar papers of the field ===\n"
                + "Follow it: order the section_plan as the exemplars order these sections and plan each section's "
                + "length to about its share of the text.\n");
        for (ExemplarPlan.PlannedSection section : plan.sections()) {
            text.append("- ").append(section.title()).append(" (").append(section.role()).append("): about ")
                    .append(ExemplarPlan.percent(section.share())).append(" of the text, in ")
                    .append(String.join(", ", section.exemplars())).append('\n');
        }
        return text.toString();
    }
}
