package dev.paperorchestra.refine;

import static dev.paperorchestra.refine.DraftFixtures.scores;
import static dev.paperorchestra.refine.ScriptedReviserGateway.breakCompilation;
import static dev.paperorchestra.refine.ScriptedReviserGateway.clarifyAbstract;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.refine.loop.Worklog;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.runtime.testing.KafkaTestSupport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.ReviewCompletedEvent;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import dev.paperorchestra.schemas.ReviewScores;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.kafka.test.context.EmbeddedKafka;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The real loop on a real broker: the test plays the reviewer (recorded scores on review-results) and a
 * scripted gateway plays the reviser model; revisions are compiled with the runtime's LaTeX toolchain.
 */
@SpringBootTest(classes = {RefineAgentApplication.class, RefineAgentIT.ScriptedModels.class},
        webEnvironment = SpringBootTest.WebEnvironment.NONE, properties = {"spring.application.name=refine-agent",
                "po.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}", "po.blob.root=target/it-blobs",
                "po.kafka.streams-state-dir=target/it-streams", "po.refine.work-dir=target/it-refine-jobs"})
@EmbeddedKafka(partitions = 1)
class RefineAgentIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    @TestConfiguration(proxyBeanMethods = false)
    static class ScriptedModels {

        @Bean
        ScriptedReviserGateway scriptedReviser() {
            return new ScriptedReviserGateway();
        }
    }

    @Value("${spring.embedded.kafka.brokers}")
    String brokers;

    @Autowired
    BlobStore blobs;

    @Autowired
    ScriptedReviserGateway reviser;

    @Autowired
    KafkaListenerEndpointRegistry listeners;

    private KafkaTestSupport kafka() {
        return new KafkaTestSupport(brokers, List.of(Topics.REVIEW_REQUESTS.name(), Topics.PAPER_COMPLETED.name(),
                Topics.PAPER_STATUS.name()));
    }

    /** The test as reviewer: a saved review carrying the scores, answered on review-results. */
    private void review(KafkaTestSupport kafka, ReviewRequestedEvent request, ReviewScores scores) {
        ObjectNode json = Json.mapper().createObjectNode().put("iteration", request.getState().getIteration());
        json.set("scores", Worklog.scores(scores));
        kafka.send(Topics.REVIEW_RESULTS.name(), request.getPaperId(), ReviewCompletedEvent.newBuilder()
                .setPaperId(request.getPaperId()).setState(request.getState())
                .setReview(blobs.putText(Json.mapper().writeValueAsString(json), MediaTypes.JSON)).setScores(scores)
                .build());
    }

    private static ReviewRequestedEvent request(KafkaTestSupport kafka, String paperId, int iteration) {
        return kafka.await(ReviewRequestedEvent.class, request -> request.getPaperId().equals(paperId)
                && request.getState().getIteration() == iteration, TIMEOUT);
    }

    private static PaperCompletedEvent completed(KafkaTestSupport kafka, String paperId) {
        return kafka.await(PaperCompletedEvent.class, event -> event.getContext().getPaperId().equals(paperId),
                TIMEOUT);
    }

    private static List<Integer> requestedIterations(KafkaTestSupport kafka, String paperId) {
        return kafka.received().stream().map(record -> record.value())
                .filter(value -> value instanceof ReviewRequestedEvent request && request.getPaperId().equals(paperId))
                .map(value -> ((ReviewRequestedEvent) value).getState().getIteration()).toList();
    }

    private JsonNode artifact(PaperCompletedEvent completed, String name) {
        NamedArtifact artifact = completed.getArtifacts().stream().filter(a -> a.getName().equals(name)).findFirst()
                .orElseThrow();
        return Json.mapper().readTree(blobs.getText(artifact.getArtifact()));
    }

    private String paperTex(PaperCompletedEvent completed) {
        return blobs.getText(completed.getArtifacts().stream().filter(a -> a.getName().equals("paper.tex"))
                .findFirst().orElseThrow().getArtifact());
    }

    private static List<String> decisions(JsonNode worklog) {
        return worklog.valueStream().map(entry -> entry.get("decision").asString()).toList();
    }

    @Test
    void a_lower_score_for_the_revision_completes_the_paper_with_the_draft() {
        String paperId = "paper-it-refine";
        PaperDraftedEvent draft = DraftFixtures.draft(blobs, paperId, LlmMode.OFFLINE, 3);
        try (KafkaTestSupport kafka = kafka()) {
            kafka.send(Topics.PAPER_DRAFTS.name(), paperId, draft);
            ReviewRequestedEvent first = request(kafka, paperId, 0);
            assertThat(first.getState().getCandidate()).isEqualTo(draft.getDraft());

            review(kafka, first, scores(6, 3));
            ReviewRequestedEvent second = request(kafka, paperId, 1);
            assertThat(second.getState().getBest().getScores().getOverall()).isEqualTo(6.0);

            review(kafka, second, scores(5, 3));
            PaperCompletedEvent completed = completed(kafka, paperId);

            assertThat(completed.getFinalVersion()).isZero();
            assertThat(completed.getIterations()).isEqualTo(1);
            assertThat(completed.getArtifacts()).extracting(NamedArtifact::getName)
                    .contains("paper.tex", "worklog.json", "summary.json", "reviews/iteration-0.json",
                            "reviews/iteration-1.json");
            PaperStatusChangedEvent status = kafka.await(PaperStatusChangedEvent.class,
                    event -> event.getPaperId().equals(paperId) && event.getState() == StageState.COMPLETED, TIMEOUT);
            assertThat(status.getStage()).isEqualTo("refine");
            assertThat(status.getMessage()).isEqualTo("kept version 0 after 1 iteration; overall 6");
        }
    }

    @Test
    void accepts_twice_then_stops_at_the_iteration_limit_with_the_last_revision() {
        String paperId = "paper-it-accept-accept-limit";
        reviser.script(paperId, List.of(clarifyAbstract("It is exact."), clarifyAbstract("It is fast.")));
        try (KafkaTestSupport kafka = kafka()) {
            kafka.send(Topics.PAPER_DRAFTS.name(), paperId, DraftFixtures.draft(blobs, paperId, LlmMode.MODEL, 2));
            review(kafka, request(kafka, paperId, 0), scores(5, 2));
            ReviewRequestedEvent first = request(kafka, paperId, 1);
            assertThat(first.getState().getCandidate().getCompile().getStatus()).isNotEqualTo(CompileStatus.FAILED);
            review(kafka, first, scores(6, 2));
            ReviewRequestedEvent second = request(kafka, paperId, 2);
            review(kafka, second, scores(6, 3));

            PaperCompletedEvent completed = completed(kafka, paperId);

            assertThat(completed.getFinalVersion()).isEqualTo(2);
            assertThat(completed.getIterations()).isEqualTo(2);
            assertThat(paperTex(completed)).contains("It is exact.", "It is fast.");
            assertThat(decisions(artifact(completed, "worklog.json"))).containsExactly("kept", "kept");
            assertThat(artifact(completed, "summary.json").at("/refinement/decisions").valueStream()
                    .map(JsonNode::asString).toList()).containsExactly("iteration 1: overall 5 -> 6: kept",
                            "iteration 2: overall 6 -> 6, sub-axes +7: kept; iteration limit 2 reached",
                            "iteration limit 2 reached: kept version 2");
            assertThat(reviser.calls(paperId)).isEqualTo(2);
        }
    }

    /** The test as a three-reviewer panel: the saved review with its meta-review, the median on the event. */
    private void panelReview(KafkaTestSupport kafka, ReviewRequestedEvent request, ReviewScores median) {
        ObjectNode json = Json.mapper().createObjectNode().put("Overall", median.getOverall());
        ObjectNode point = json.putObject("MetaReview").putArray("Plan").addObject().put("Rank", 1)
                .put("Criterion", "evidence").put("Request", "State how many measurements the main result uses")
                .put("Support", 2);
        point.putArray("RaisedBy").add("openai-methods").add("anthropic-evidence");
        point.putArray("Sections").add("Experiments");
        json.set("scores", Worklog.scores(median));
        kafka.send(Topics.REVIEW_RESULTS.name(), request.getPaperId(), ReviewCompletedEvent.newBuilder()
                .setPaperId(request.getPaperId()).setState(request.getState())
                .setReview(blobs.putText(Json.mapper().writeValueAsString(json), MediaTypes.JSON)).setScores(median)
                .build());
    }

    @Test
    void revises_the_panels_top_point_in_its_section_and_rolls_it_back_when_the_panel_scores_lower() {
        String paperId = "paper-it-panel-plan";
        String sentence = "Every result uses 200 measurements per image.";
        reviser.script(paperId, List.of(clarifyAbstract(sentence)));
        try (KafkaTestSupport kafka = kafka()) {
            kafka.send(Topics.PAPER_DRAFTS.name(), paperId, DraftFixtures.draft(blobs, paperId, LlmMode.MODEL, 3));
            panelReview(kafka, request(kafka, paperId, 0), scores(6, 3));
            ReviewRequestedEvent revised = request(kafka, paperId, 1);
            String tex = blobs.getText(revised.getState().getCandidate().getTex());
            assertThat(tex.substring(tex.indexOf("\\section{Experiments}"))).contains(sentence);
            assertThat(tex.substring(0, tex.indexOf("\\section{Experiments}"))).doesNotContain(sentence);

            panelReview(kafka, revised, scores(5, 3));
            PaperCompletedEvent completed = completed(kafka, paperId);

            assertThat(completed.getFinalVersion()).isZero();
            assertThat(paperTex(completed)).doesNotContain(sentence);
            JsonNode entry = artifact(completed, "worklog.json").get(0);
            assertThat(entry.get("decision").asString()).isEqualTo("reverted");
            assertThat(entry.at("/plan_edits/0/section").asString()).isEqualTo("Experiments");
            assertThat(entry.at("/plan_edits/0/outcome").asString()).isEqualTo("rolled-back");
            assertThat(reviser.calls(paperId)).isEqualTo(1);
        }
    }

    @Test
    void accepts_then_reverts_to_the_kept_version_and_stops() {
        String paperId = "paper-it-accept-revert";
        reviser.script(paperId, List.of(clarifyAbstract("It is exact."), clarifyAbstract("It is magic.")));
        try (KafkaTestSupport kafka = kafka()) {
            kafka.send(Topics.PAPER_DRAFTS.name(), paperId, DraftFixtures.draft(blobs, paperId, LlmMode.MODEL, 3));
            review(kafka, request(kafka, paperId, 0), scores(5, 2));
            review(kafka, request(kafka, paperId, 1), scores(6, 2));
            review(kafka, request(kafka, paperId, 2), scores(5, 3));

            PaperCompletedEvent completed = completed(kafka, paperId);

            assertThat(completed.getFinalVersion()).isEqualTo(1);
            assertThat(completed.getFinalOverall()).isEqualTo(6.0);
            assertThat(paperTex(completed)).contains("It is exact.").doesNotContain("It is magic.");
            JsonNode worklog = artifact(completed, "worklog.json");
            assertThat(decisions(worklog)).containsExactly("kept", "reverted");
            assertThat(worklog.get(1).get("why").asString()).isEqualTo("overall 6 -> 5: reverted");
            assertThat(requestedIterations(kafka, paperId)).containsExactly(0, 1, 2);
        }
    }

    @Test
    void a_revision_that_breaks_compilation_is_rejected_without_a_review() {
        assumeTrue(new LatexCompiler("latexmk", Duration.ofSeconds(1), Path.of("target")).available(),
                "latexmk is not installed");
        String paperId = "paper-it-broken-revision";
        reviser.script(paperId, List.of(clarifyAbstract("It is exact."), breakCompilation()));
        try (KafkaTestSupport kafka = kafka()) {
            kafka.send(Topics.PAPER_DRAFTS.name(), paperId, DraftFixtures.draft(blobs, paperId, LlmMode.MODEL, 3));
            review(kafka, request(kafka, paperId, 0), scores(5, 2));
            ReviewRequestedEvent first = request(kafka, paperId, 1);
            assertThat(first.getState().getCandidate().getCompile().getStatus()).isEqualTo(CompileStatus.COMPILED);
            review(kafka, first, scores(6, 2));

            PaperCompletedEvent completed = completed(kafka, paperId);

            assertThat(completed.getFinalVersion()).isEqualTo(1);
            assertThat(completed.getIterations()).isEqualTo(2);
            assertThat(completed.getArtifacts()).extracting(NamedArtifact::getName).contains("paper.pdf")
                    .doesNotContain("reviews/iteration-2.json");
            JsonNode rejected = artifact(completed, "worklog.json").get(1);
            assertThat(rejected.get("decision").asString()).isEqualTo("rejected");
            assertThat(rejected.get("why").asString()).contains("compile failed", "Undefined control sequence");
            assertThat(requestedIterations(kafka, paperId)).containsExactly(0, 1);
        }
    }

    @Test
    void another_instance_resumes_the_loop_after_a_crash_without_repeating_paid_calls() {
        String paperId = "paper-it-crash";
        reviser.script(paperId, List.of(clarifyAbstract("It is exact."), clarifyAbstract("It is fast.")));
        try (KafkaTestSupport kafka = kafka()) {
            kafka.send(Topics.PAPER_DRAFTS.name(), paperId, DraftFixtures.draft(blobs, paperId, LlmMode.MODEL, 2));
            review(kafka, request(kafka, paperId, 0), scores(5, 2));
            ReviewRequestedEvent pending = request(kafka, paperId, 1);
            assertThat(reviser.calls(paperId)).isEqualTo(1);

            // this instance goes away after sending the request; the review arrives while no instance runs
            listeners.getListenerContainers().forEach(MessageListenerContainer::stop);
            try {
                review(kafka, pending, scores(6, 2));
                try (ConfigurableApplicationContext replacement = anotherInstance()) {
                    review(kafka, request(kafka, paperId, 2), scores(7, 2));
                    PaperCompletedEvent completed = completed(kafka, paperId);

                    assertThat(completed.getFinalVersion()).isEqualTo(2);
                    assertThat(decisions(artifact(completed, "worklog.json"))).containsExactly("kept", "kept");
                }
            } finally {
                listeners.getListenerContainers().forEach(MessageListenerContainer::start);
            }
            assertThat(reviser.calls(paperId)).isEqualTo(2);
            assertThat(requestedIterations(kafka, paperId)).containsExactly(0, 1, 2);
        }
    }

    /** A second refine-agent on the same broker and blob store, sharing the scripted reviser's call count. */
    private ConfigurableApplicationContext anotherInstance() {
        return RefineAgentApplication.builder()
                .initializers(context -> context.getBeanFactory().registerSingleton("llmGateway",
                        (LlmGateway) reviser))
                .properties("spring.main.web-application-type=none", "po.kafka.bootstrap-servers=" + brokers,
                        "po.blob.root=target/it-blobs", "po.kafka.streams-state-dir=target/it-streams-2",
                        "po.refine.work-dir=target/it-refine-jobs-2")
                .run();
    }
}
