package dev.paperorchestra.refine.loop;

import static dev.paperorchestra.refine.DraftFixtures.scores;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.revision.PaperSections;
import dev.paperorchestra.refine.DraftFixtures;
import dev.paperorchestra.refine.check.CompilingRevisionCheck;
import dev.paperorchestra.refine.check.RevisionCompiler;
import dev.paperorchestra.refine.completion.PaperCompletion;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.usage.InMemoryUsageLedger;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import dev.paperorchestra.schemas.ReviewScores;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The refine loop revising from a three-reviewer panel's meta-review (scripted reviewers of three providers, a
 * scripted section editor, no broker): the top point, raised by two reviewers, is the one revised and the edited
 * section is traced to it; a revision the panel scores lower is rolled back; a fabricating revision is refused by
 * content.revision's evidence lock before any review.
 */
class PanelPlanRevisionTest {

    private static final Instant NOW = DraftFixtures.DRAFTED.plusSeconds(60);
    private static final String GROUNDED = "With 200 measurements per image, GlimpseDepth reaches an AbsRel of "
            + "0.018 on NYU Depth v2.";
    private static final String FABRICATED = "GlimpseDepth is 47.3\\% faster than every completion baseline.";

    @TempDir
    Path blobRoot;

    private BlobStore blobs;
    private final List<SectionEditor.Request> asked = new ArrayList<>();

    @BeforeEach
    void createBlobs() {
        blobs = new LocalBlobStore(blobRoot);
    }

    /** The meta-review of three reviewers: point 1 raised by two of them, point 2 by the third; clarity split. */
    private static ObjectNode panelReview(ReviewScores aggregate, List<Double> memberOverall) {
        ObjectNode review = Json.mapper().createObjectNode().put("Overall", aggregate.getOverall());
        ObjectNode meta = review.putObject("MetaReview");
        ArrayNode plan = meta.putArray("Plan");
        ObjectNode top = plan.addObject().put("Rank", 1).put("Criterion", "evidence").put("Weight", 0.2)
                .put("Request", "State the number of measurements behind the headline AbsRel").put("Support", 2);
        top.putArray("RaisedBy").add("openai-methods").add("anthropic-clarity");
        top.putArray("Sections").add("Experiments");
        top.putArray("Quotes");
        top.putArray("Requests").add("State the number of measurements behind the headline AbsRel")
                .add("Say how many sparse points the main result uses");
        ObjectNode second = plan.addObject().put("Rank", 2).put("Criterion", "related-work").put("Weight", 0.15)
                .put("Request", "Contrast with prior completion methods").put("Support", 1);
        second.putArray("RaisedBy").add("gemini-related");
        second.putArray("Sections").add("Related Work");
        second.putArray("Quotes");
        second.putArray("Requests").add("Contrast with prior completion methods");
        ObjectNode split = meta.putArray("Disagreements").addObject().put("Criterion", "clarity").put("Spread", 3);
        split.putObject("Scores").put("openai-methods", 2).put("anthropic-clarity", 5).put("gemini-related", 3);
        ArrayNode members = review.putArray("Members");
        List<String> seats = List.of("openai-methods", "anthropic-clarity", "gemini-related");
        for (int i = 0; i < seats.size(); i++) {
            members.addObject().put("Seat", seats.get(i)).put("Overall", memberOverall.get(i));
        }
        review.set("scores", Worklog.scores(aggregate));
        return review;
    }

    /** The reviewer's answer: the saved panel review and, on the event, its aggregate (the median). */
    private ReviewCompletedEvent panelAnswer(ReviewRequestedEvent request, List<Double> memberOverall) {
        List<Double> sorted = memberOverall.stream().sorted().toList();
        ReviewScores median = scores(sorted.get(1), 3);
        String json = Json.mapper().writeValueAsString(panelReview(median, memberOverall));
        return ReviewCompletedEvent.newBuilder().setPaperId(request.getPaperId()).setState(request.getState())
                .setReview(blobs.putText(json, MediaTypes.JSON)).setScores(median).build();
    }

    private SectionEditor scripted(Function<SectionEditor.Request, List<SectionEditor.Change>> script) {
        return request -> {
            asked.add(request);
            return new SectionEditor.Proposal(script.apply(request), "scripted/section-editor");
        };
    }

    /** Appends the grounded sentence to whatever section it is asked to edit. */
    private SectionEditor grounded() {
        return scripted(request -> List.of(new SectionEditor.Change(request.section(), "", GROUNDED)));
    }

    private RefinementLoop loop(SectionEditor editor, int planPoints) {
        Reviser wholePaper = input -> {
            throw new AssertionError("a review with a meta-review is revised from its plan");
        };
        return new RefinementLoop(blobs, new OfflineReviser(), new PlanReviser(editor, wholePaper, planPoints),
                new CompilingRevisionCheck(blobs, RevisionCompiler.none()), 3,
                new PaperCompletion(blobs, "refine-agent", new InMemoryUsageLedger(), RecordTracing.NONE),
                new RefinementMetrics(new SimpleMeterRegistry()));
    }

    private ReviewRequestedEvent start(RefinementLoop loop, int limit) {
        return loop.start(DraftFixtures.draft(blobs, "paper-1", LlmMode.MODEL, limit), DraftFixtures.DRAFTED);
    }

    private JsonNode artifactJson(PaperCompletedEvent completed, String name) {
        NamedArtifact artifact = completed.getArtifacts().stream().filter(a -> a.getName().equals(name)).findFirst()
                .orElseThrow();
        return Json.mapper().readTree(blobs.getText(artifact.getArtifact()));
    }

    private String finalTex(PaperCompletedEvent completed) {
        return blobs.getText(completed.getArtifacts().stream().filter(a -> a.getName().equals("paper.tex"))
                .findFirst().orElseThrow().getArtifact());
    }

    private static String section(String tex, String title) {
        return PaperSections.named(tex, title).orElseThrow().body();
    }

    @Test
    void the_top_point_raised_by_two_reviewers_is_revised_in_its_section_and_traced_to_it() {
        RefinementLoop loop = loop(grounded(), 1);
        ReviewRequestedEvent start = start(loop, 3);
        String draftTex = blobs.getText(start.getState().getCandidate().getTex());

        LoopStep step = loop.next(panelAnswer(start, List.of(5.0, 6.0, 7.0)), NOW);

        assertThat(step).isInstanceOf(LoopStep.Continue.class);
        ReviewRequestedEvent revised = ((LoopStep.Continue) step).request();
        String tex = blobs.getText(revised.getState().getCandidate().getTex());
        assertThat(section(tex, "Experiments")).contains(GROUNDED);
        for (String other : List.of("Introduction", "Related Work", "Method", "Conclusion")) {
            assertThat(section(tex, other)).isEqualTo(section(draftTex, other));
        }
        assertThat(asked).singleElement().satisfies(request -> {
            assertThat(request.point().rank()).isEqualTo(1);
            assertThat(request.section()).isEqualTo("Experiments");
            assertThat(request.disagreements()).extracting(RevisionPlan.Split::criterion).containsExactly("clarity");
        });
        JsonNode entry = Json.mapper().readTree(blobs.getText(revised.getState().getWorklog())).get(0);
        JsonNode edit = entry.get("plan_edits").get(0);
        assertThat(edit.get("point").asString()).isEqualTo("plan-1");
        assertThat(edit.get("raised_by")).extracting(JsonNode::asString)
                .containsExactly("openai-methods", "anthropic-clarity");
        assertThat(edit.get("section").asString()).isEqualTo("Experiments");
        assertThat(edit.get("outcome").asString()).isEqualTo("kept");
        assertThat(entry.get("addressed_weaknesses").get(0).asString()).startsWith("plan point 1 (evidence");
        assertThat(entry.get("generated_by").asString()).isEqualTo("scripted/section-editor");
    }

    @Test
    void the_plan_is_revised_point_by_point_each_in_its_own_section() {
        RefinementLoop loop = loop(grounded(), 3);

        loop.next(panelAnswer(start(loop, 3), List.of(5.0, 6.0, 7.0)), NOW);

        assertThat(asked).extracting(request -> request.point().rank() + ":" + request.section())
                .containsExactly("1:Experiments", "2:Related Work");
    }

    @Test
    void a_revision_the_panel_scores_lower_is_rolled_back_and_the_decision_replays() {
        RefinementLoop loop = loop(grounded(), 1);
        ReviewRequestedEvent start = start(loop, 3);
        ReviewCompletedEvent first = panelAnswer(start, List.of(5.0, 6.0, 7.0));
        ReviewRequestedEvent revised = ((LoopStep.Continue) loop.next(first, NOW)).request();

        // one member scores the revision higher, but the panel's median drops from 6 to 5
        LoopStep last = loop.next(panelAnswer(revised, List.of(4.0, 5.0, 8.0)), NOW);

        assertThat(last).isInstanceOf(LoopStep.Complete.class);
        PaperCompletedEvent completed = ((LoopStep.Complete) last).completed();
        assertThat(completed.getFinalVersion()).isZero();
        assertThat(completed.getFinalOverall()).isEqualTo(6.0);
        assertThat(finalTex(completed)).doesNotContain(GROUNDED);
        JsonNode worklog = artifactJson(completed, "worklog.json");
        assertThat(worklog.get(0).get("decision").asString()).isEqualTo("reverted");
        assertThat(worklog.get(0).get("why").asString()).isEqualTo("overall 6 -> 5: reverted");
        JsonNode edit = worklog.get(0).get("plan_edits").get(0);
        assertThat(edit.get("outcome").asString()).isEqualTo("rolled-back");
        assertThat(edit.get("reasons").get(0).asString()).isEqualTo("overall 6 -> 5: reverted");

        Map<Integer, ReviewScores> saved = new TreeMap<>();
        for (NamedArtifact artifact : completed.getArtifacts()) {
            if (artifact.getName().startsWith("reviews/iteration-")) {
                saved.put(Integer.parseInt(artifact.getName().replaceAll("\\D", "")), Worklog.scores(
                        Json.mapper().readTree(blobs.getText(artifact.getArtifact())).required("scores")));
            }
        }
        List<WorklogEntry> entries = Worklog.parse(worklog.toString());
        assertThat(DecisionReplay.replay(saved, entries, 3)).containsExactly(
                new DecisionReplay.Replayed(1, "reverted", "overall 6 -> 5: reverted"));
        assertThat(entries.getFirst().planEdits()).extracting(PlanEdit::outcome).containsExactly("rolled-back");
    }

    @Test
    void a_fabricating_revision_is_rejected_by_the_evidence_lock_before_any_review() {
        RefinementLoop loop = loop(scripted(request -> List.of(new SectionEditor.Change(request.section(), "",
                FABRICATED))), 1);
        ReviewRequestedEvent start = start(loop, 3);

        LoopStep step = loop.next(panelAnswer(start, List.of(5.0, 6.0, 7.0)), NOW);

        assertThat(step).isInstanceOf(LoopStep.Complete.class);
        PaperCompletedEvent completed = ((LoopStep.Complete) step).completed();
        assertThat(completed.getFinalVersion()).isZero();
        assertThat(finalTex(completed)).doesNotContain("47.3");
        JsonNode entry = artifactJson(completed, "worklog.json").get(0);
        assertThat(entry.get("decision").asString()).isEqualTo("rejected");
        assertThat(entry.get("why").asString()).contains("plan-1: number 47.3 is in neither the paper, the "
                + "experimental log nor the idea");
        assertThat(entry.get("plan_edits").get(0).get("outcome").asString()).isEqualTo("rejected");
        assertThat(artifactJson(completed, "summary.json").at("/refinement/decisions"))
                .extracting(JsonNode::asString).endsWith("revision 1 rejected: kept version 0");
    }

    @Test
    void only_the_fabricating_point_is_refused_when_another_points_edit_is_grounded() {
        RefinementLoop loop = loop(scripted(request -> List.of(new SectionEditor.Change(request.section(), "",
                request.point().rank() == 1 ? GROUNDED : FABRICATED))), 2);
        ReviewRequestedEvent start = start(loop, 3);

        ReviewRequestedEvent revised = ((LoopStep.Continue) loop.next(panelAnswer(start,
                List.of(5.0, 6.0, 7.0)), NOW)).request();

        String tex = blobs.getText(revised.getState().getCandidate().getTex());
        assertThat(tex).contains(GROUNDED).doesNotContain("47.3");
        JsonNode edits = Json.mapper().readTree(blobs.getText(revised.getState().getWorklog())).get(0)
                .get("plan_edits");
        assertThat(edits).extracting(edit -> edit.get("point").asString() + " " + edit.get("outcome").asString())
                .containsExactly("plan-1 kept", "plan-2 rejected");
    }

    @Test
    void hostile_edits_outside_the_points_section_or_running_tex_are_refused() {
        String elsewhere = section(DraftFixtures.tex(List.of("Introduction")), "Introduction").strip();
        RefinementLoop loop = loop(scripted(request -> List.of(
                new SectionEditor.Change("Introduction", elsewhere, "We changed the introduction."),
                new SectionEditor.Change(request.section(), "", "\\input{/etc/passwd}"),
                new SectionEditor.Change(request.section(), "", "\\section{Appendix}\\immediate\\write18{id}"))), 1);

        LoopStep step = loop.next(panelAnswer(start(loop, 3), List.of(5.0, 6.0, 7.0)), NOW);

        PaperCompletedEvent completed = ((LoopStep.Complete) step).completed();
        String why = artifactJson(completed, "worklog.json").get(0).get("why").asString();
        assertThat(why).contains("the edit changes section \"Introduction\" but point plan-1 concerns "
                + "\"Experiments\"").contains("\\input").contains("changes the document's structure");
        assertThat(finalTex(completed)).doesNotContain("/etc/passwd", "write18",
                "We changed the introduction.");
    }

    @Test
    void a_review_without_a_meta_review_goes_to_the_whole_paper_reviser() {
        Revision whole = new Revision("x", List.of(), List.of(), List.of("whole"), "stub/m");
        PlanReviser reviser = new PlanReviser(grounded(), input -> whole, 3);

        assertThat(reviser.revise(new RevisionInput("paper-1", 1, "tex", "{\"Overall\": 6}", "{}", "")))
                .isSameAs(whole);
        assertThat(reviser.revise(new RevisionInput("paper-1", 1, "tex", "not json", "{}", ""))).isSameAs(whole);
        assertThat(asked).isEmpty();
    }
}
