package dev.paperorchestra.embedded.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.revision.PaperSections;
import dev.paperorchestra.refine.loop.PlanEdit;
import dev.paperorchestra.refine.loop.PlanReviser;
import dev.paperorchestra.refine.loop.Revision;
import dev.paperorchestra.refine.loop.RevisionInput;
import dev.paperorchestra.refine.loop.SectionEditor;
import dev.paperorchestra.reviewer.rubric.Rubric;
import dev.paperorchestra.reviewer.rubric.RubricAssessment;
import dev.paperorchestra.reviewer.synthesis.Judgement;
import dev.paperorchestra.reviewer.synthesis.MetaReview;
import dev.paperorchestra.base.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * The two agents' contract on the meta-review, without a broker: the reviewer agent's {@link MetaReview} of a
 * three-reviewer panel, as saved in the review, is the plan the refine agent's {@link PlanReviser} revises from.
 * The point two reviewers raised outranks a heavier point raised by one, and it is the one whose section is edited.
 */
class MetaReviewRevisionContractTest {

    private static final Rubric RUBRIC = Rubric.load("v1");
    private static final String TEX = """
            \\documentclass{article}
            \\begin{document}
            \\section{Introduction}
            We complete depth from a few measurements.
            \\section{Method}
            A network reads the image and the points.
            \\section{Experiments}
            GlimpseDepth reaches an AbsRel of 0.018 on NYU Depth v2.
            \\end{document}
            """;
    private static final String ANSWER = "The AbsRel of 0.018 is measured with 200 points per image.";

    private static Judgement member(String reviewer, Map<String, List<RubricAssessment.Point>> points) {
        List<RubricAssessment.CriterionScore> criteria = new ArrayList<>();
        for (String criterion : RUBRIC.ids()) {
            criteria.add(new RubricAssessment.CriterionScore(criterion, 3, List.of(),
                    points.getOrDefault(criterion, List.of())));
        }
        return new Judgement(reviewer, new RubricAssessment(RUBRIC.version(), criteria), 6, "Accept");
    }

    @Test
    void the_point_two_reviewers_raised_tops_the_plan_and_is_the_one_revised_in_its_section() {
        RubricAssessment.Point heavierAlone = new RubricAssessment.Point(
                "Justify the choice of the loss weighting", "Method", "");
        List<Judgement> panel = List.of(
                member("openai-methods", Map.of("soundness", List.of(heavierAlone), "evidence", List.of(
                        new RubricAssessment.Point("State how many measurements the headline AbsRel uses",
                                "Experiments", "")))),
                member("anthropic-clarity", Map.of("evidence", List.of(new RubricAssessment.Point(
                        "State how many measurements the headline AbsRel number uses", "Experiments", "")))),
                member("gemini-related", Map.of()));
        ObjectNode review = Json.mapper().createObjectNode();
        review.set("MetaReview", MetaReview.of(panel, RUBRIC, 2).toJson());
        List<SectionEditor.Request> asked = new ArrayList<>();
        SectionEditor editor = request -> {
            asked.add(request);
            return new SectionEditor.Proposal(request.point().rank() == 1
                    ? List.of(new SectionEditor.Change(request.section(), "", ANSWER)) : List.of(), "scripted/e");
        };
        Revision revision = new PlanReviser(editor, input -> {
            throw new AssertionError("the saved meta-review must be read as a plan");
        }, 1).revise(new RevisionInput("paper-1", 1, TEX, Json.mapper().writeValueAsString(review), "{}",
                "200 points per image", "", ""));

        assertThat(asked).singleElement().satisfies(request -> {
            assertThat(request.point().raisedBy()).containsExactly("openai-methods", "anthropic-clarity");
            assertThat(request.section()).isEqualTo("Experiments");
        });
        assertThat(PaperSections.named(revision.tex(), "Experiments").orElseThrow().body()).contains(ANSWER);
        assertThat(PaperSections.named(revision.tex(), "Method").orElseThrow().body())
                .isEqualTo(PaperSections.named(TEX, "Method").orElseThrow().body());
        assertThat(revision.planEdits()).singleElement().satisfies(edit -> {
            assertThat(edit.point()).isEqualTo("plan-1");
            assertThat(edit.criterion()).isEqualTo("evidence");
            assertThat(edit.section()).isEqualTo("Experiments");
            assertThat(edit.outcome()).isEqualTo(PlanEdit.KEPT);
        });
    }
}
