package dev.paperorchestra.refine.loop;

import dev.paperorchestra.content.revision.DecisionKind;
import dev.paperorchestra.content.revision.Edit;
import dev.paperorchestra.content.revision.EditDecision;
import dev.paperorchestra.content.revision.Evidence;
import dev.paperorchestra.content.revision.PaperReviser;
import dev.paperorchestra.content.revision.PaperSections;
import dev.paperorchestra.content.revision.PointAnswer;
import dev.paperorchestra.content.revision.PointDecision;
import dev.paperorchestra.content.revision.PointKind;
import dev.paperorchestra.content.revision.ReviewPoint;
import dev.paperorchestra.content.revision.RevisionMaterials;
import dev.paperorchestra.content.revision.RevisionResult;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.model.text.Prose;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Revises from a reviewer panel's meta-review, section by section, with the human-review revision's code
 * (content.revision's {@link PaperReviser}): the plan's top points in rank order, each located in one section,
 * each section edited by the {@link SectionEditor}, each edit passed through the evidence lock and fabrication
 * audit and kept only when the offline re-score does not drop. The kept edits make one revision, which the panel
 * then scores: a lower panel score reverts all of it (the loop's acceptance rule). A review without a plan (one
 * reviewer) goes to the whole-paper reviser.
 */
public final class PlanReviser implements Reviser {

    private final SectionEditor editor;
    private final Reviser withoutPlan;
    private final int planPoints;

    /**
     * @param planPoints how many of the plan's points one revision addresses, from the top
     */
    public PlanReviser(SectionEditor editor, Reviser withoutPlan, int planPoints) {
        if (planPoints < 1) {
            throw new IllegalArgumentException("a revision addresses at least one plan point, was " + planPoints);
        }
        this.editor = editor;
        this.withoutPlan = withoutPlan;
        this.planPoints = planPoints;
    }

    @Override
    public Revision revise(RevisionInput input) {
        Optional<RevisionPlan> plan = RevisionPlan.of(input.reviewJson());
        if (plan.isEmpty()) {
            return withoutPlan.revise(input);
        }
        List<RevisionPlan.Point> addressed = plan.get().points().stream().limit(planPoints).toList();
        RevisionMaterials materials = new RevisionMaterials(input.tex(), input.bibliography(),
                input.experimentalLog(), input.idea());
        List<ReviewPoint> points = new ArrayList<>();
        for (RevisionPlan.Point point : addressed) {
            PointKind kind = kind(point.criterion());
            points.add(new ReviewPoint(point.id(), String.join(", ", point.raisedBy()), point.request(), kind,
                    locate(point, kind, input.tex())));
        }
        Set<String> generatedBy = new LinkedHashSet<>();
        String citationKeys = CitationList.describe(input.citationMap());
        PaperReviser reviser = PaperReviser.offline(materials, "").withProposer((point, decision, tex) -> {
            RevisionPlan.Point planned = planned(addressed, point.id());
            String section = point.section();
            if (section == null) {
                return List.of();
            }
            String body = PaperSections.named(tex, section).map(PaperSections.Section::body).orElse("");
            SectionEditor.Proposal proposal = editor.propose(new SectionEditor.Request(input.paperId(), planned,
                    plan.get().disagreements(), section, body, citationKeys,
                    new Prompt.Materials(input.idea(), input.experimentalLog())));
            generatedBy.add(proposal.generatedBy());
            // the verified bibliography is fixed in the loop: a change never brings an entry of its own
            return proposal.changes().stream().map(change -> new Edit(point.id(), change.section(), change.before(),
                    change.after(), decision.evidence(), "")).toList();
        });
        RevisionResult result = reviser.revise(input.paperId(), points,
                point -> decision(point, addressed, input.tex()));
        return revision(result, addressed, generatedBy);
    }

    private static Revision revision(RevisionResult result, List<RevisionPlan.Point> addressed,
            Set<String> generatedBy) {
        List<PlanEdit> trace = new ArrayList<>();
        List<String> weaknesses = new ArrayList<>();
        List<String> actions = new ArrayList<>();
        for (PointAnswer answer : result.answers()) {
            RevisionPlan.Point point = planned(addressed, answer.point().id());
            String section = answer.point().section();
            PlanEdit edit = edit(point, section, answer.edits());
            trace.add(edit);
            if (edit.outcome().equals(PlanEdit.KEPT)) {
                weaknesses.add("plan point " + point.rank() + " (" + point.criterion() + ", raised by "
                        + point.raisedBy().size() + "): " + point.request());
                actions.add("edited section \"" + section + "\" for plan point " + point.rank());
            } else {
                actions.add("plan point " + point.rank() + ": " + edit.outcome()
                        + (edit.reasons().isEmpty() ? "" : " (" + String.join("; ", edit.reasons()) + ")"));
            }
        }
        String by = generatedBy.isEmpty() ? "meta-review plan (no edit proposed)" : String.join(", ", generatedBy);
        return new Revision(result.tex(), weaknesses, List.of(), actions, by, trace);
    }

    private static PlanEdit edit(RevisionPlan.Point point, @Nullable String section, List<EditDecision> trail) {
        String outcome;
        List<String> reasons = new ArrayList<>();
        if (section == null) {
            outcome = PlanEdit.NO_EDIT;
            reasons.add("no section of the paper could be located for the point");
        } else if (trail.isEmpty()) {
            outcome = PlanEdit.NO_EDIT;
            reasons.add("the reviser proposed no edit");
        } else if (trail.stream().anyMatch(decided -> decided.outcome() == EditDecision.Outcome.KEPT)) {
            outcome = PlanEdit.KEPT;
        } else {
            boolean rolledBack = trail.stream().anyMatch(decided -> decided.outcome()
                    == EditDecision.Outcome.ROLLED_BACK);
            outcome = rolledBack ? PlanEdit.ROLLED_BACK : PlanEdit.REJECTED;
            trail.forEach(decided -> reasons.addAll(decided.reasons()));
        }
        return new PlanEdit(point.id(), point.rank(), point.criterion(), point.raisedBy(), point.request(), section,
                outcome, reasons);
    }

    /** Every plan point is a change to the text: a meta-review point asks for one. */
    private static PointDecision decision(ReviewPoint point, List<RevisionPlan.Point> addressed, String tex) {
        RevisionPlan.Point planned = planned(addressed, point.id());
        List<Evidence> evidence = planned.quotes().stream().filter(quote -> normalised(tex)
                .contains(normalised(quote))).map(quote -> new Evidence(Evidence.Source.PAPER, quote)).toList();
        return new PointDecision(point.id(), DecisionKind.REVISE, "meta-review rank " + planned.rank()
                + ", raised by " + String.join(", ", planned.raisedBy()), evidence);
    }

    /**
     * The section the point concerns: the one holding a span it quotes; else a section the reviewers named (by
     * title or number); else by the request's words and kind, as a human review's point is located.
     */
    static @Nullable String locate(RevisionPlan.Point point, PointKind kind, String tex) {
        List<PaperSections.Section> sections = PaperSections.of(tex);
        for (String quote : point.quotes()) {
            String span = normalised(quote);
            for (PaperSections.Section section : sections) {
                if (!span.isEmpty() && normalised(section.body()).contains(span)) {
                    return section.title();
                }
            }
        }
        for (String named : point.sections()) {
            for (PaperSections.Section section : sections) {
                if (section.title().equalsIgnoreCase(named.strip())) {
                    return section.title();
                }
            }
        }
        for (String named : point.sections()) {
            String found = PaperSections.locate(named, kind, tex);
            if (found != null) {
                return found;
            }
        }
        return PaperSections.locate(point.request(), kind, tex);
    }

    /** The human-review point kind closest to a rubric criterion: it decides where an unplaced point goes. */
    static PointKind kind(String criterion) {
        return KINDS.getOrDefault(criterion, PointKind.CLARITY);
    }

    private static final Map<String, PointKind> KINDS = Map.of("related-work", PointKind.MISSING_CITATION,
            "evidence", PointKind.MISSING_DETAIL, "soundness", PointKind.MISSING_DETAIL, "clarity", PointKind.CLARITY,
            "presentation", PointKind.PRESENTATION, "novelty-framing", PointKind.CLARITY);

    private static RevisionPlan.Point planned(List<RevisionPlan.Point> addressed, String id) {
        return addressed.stream().filter(point -> point.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no plan point " + id));
    }

    private static String normalised(String text) {
        return Prose.oneLine(text);
    }
}
