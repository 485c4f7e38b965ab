package dev.paperorchestra.service.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.content.materials.MaterialsZip;
import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.service.PaperServiceApplication;
import dev.paperorchestra.service.client.PaperServiceClient;
import dev.paperorchestra.service.client.ServiceCallException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every approval gate end to end, offline, on the embedded broker with the paper service in front. A paper with
 * approvals=outline,final stops AWAITING_APPROVAL at the outline with nothing downstream started, still waits
 * after every agent, the service and the broker restart, refuses an invalid edit, is approved with an edited
 * outline, stops again at the final gate, still waits there across a second restart, and completes with the edit
 * in the finished paper and both decisions in its summary.json. A paper with approvals=citations,figures has a
 * citation removed from its pool (an invented one is refused) and a figure dropped, and completes without
 * either. A third is rejected at the figures gate, a fourth times out at the citations gate.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ApprovalGateIT {

    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();
    private static final String EDITED_ID = "fig_edited_at_the_gate";

    @TempDir
    static Path work;

    EmbeddedPipeline pipeline;
    PaperServiceClient client;

    @AfterAll
    void stop() {
        if (pipeline != null) {
            pipeline.close();
        }
    }

    @Test
    void papers_wait_at_every_gate_across_restarts_and_go_on_with_the_edits_they_were_approved_with()
            throws Exception {
        start();
        String approved = submit(Map.of("offline", "true", "iterations", "0", "approvals", "outline,final",
                "paperId", "gate-approve"));
        String pooled = submit(Map.of("offline", "true", "iterations", "0", "approvals", "figures,citations",
                "paperId", "gate-pool"));
        String rejected = submit(Map.of("offline", "true", "iterations", "0", "approvals", "figures",
                "paperId", "gate-reject"));
        String timedOut = submit(Map.of("offline", "true", "iterations", "0", "approvals", "citations",
                "approvalTimeout", "PT3S", "paperId", "gate-timeout"));
        assertThatThrownBy(() -> submit(Map.of("offline", "true", "approvals", "outline,plan")))
                .isInstanceOfSatisfying(ServiceCallException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.getMessage()).contains("unknown approval gate 'plan'");
                });

        awaitGate(approved, "outline");
        assertThat(client.paper(approved).path("currentStage").asString()).isEqualTo("outline");

        // the timeout at the citations gate: the gate's clock ends the paper, clearly, before any drafting
        awaitState(timedOut, "FAILED");
        assertThat(client.paper(timedOut).path("failureReason").asString()).startsWith("approval timed out")
                .contains("citations gate").contains("PT3S");
        assertThat(stagesOf(timedOut, "completed")).as("no drafting after the citations gate")
                .doesNotContain("literature", "writer");

        // a rejection at the figures gate ends the paper with who and why; a second decision is refused
        awaitGate(rejected, "figures");
        assertThatThrownBy(() -> client.decide(rejected, "figures", decision("reject", null)))
                .isInstanceOfSatisfying(ServiceCallException.class, e -> assertThat(e.status()).isEqualTo(400));
        JsonNode afterReject = client.decide(rejected, "figures", decision("reject", "the chart hides the error bars"));
        assertThat(afterReject.path("state").asString()).isEqualTo("FAILED");
        assertThat(afterReject.path("failureReason").asString()).contains("figures rejected by carol")
                .contains("the chart hides the error bars");
        assertThatThrownBy(() -> client.decide(rejected, "figures", decision("approve", null)))
                .isInstanceOfSatisfying(ServiceCallException.class, e -> assertThat(e.status()).isEqualTo(409));
        assertThat(stagesOf(rejected, "completed")).as("nothing written after the figures gate")
                .doesNotContain("writer");

        awaitGate(pooled, "citations");

        // every agent, the service and the broker restart: the papers still wait, nothing downstream began
        restart();
        awaitGate(approved, "outline");
        assertThat(stagesOf(approved)).containsOnly("submit", "outline");
        awaitGate(pooled, "citations");
        assertThat(stagesOf(pooled, "completed")).doesNotContain("literature", "writer");

        ObjectNode outline = (ObjectNode) Json.mapper().readTree(client.pendingApproval(approved, "outline"));
        String originalId = outline.path("plotting_plan").get(0).path("figure_id").asString();
        ObjectNode invalid = outline.deepCopy();
        ((ObjectNode) invalid.withArray("plotting_plan").get(0)).put("aspect_ratio", "7:5");
        assertThatThrownBy(() -> client.decide(approved, "outline", edit("looks good", invalid)))
                .isInstanceOfSatisfying(ServiceCallException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.getMessage()).contains("plotting_plan[0].aspect_ratio");
                });
        assertThatThrownBy(() -> client.decide(approved, "final", decision("approve", null)))
                .isInstanceOfSatisfying(ServiceCallException.class, e -> assertThat(e.status()).isEqualTo(409));
        assertThat(client.paper(approved).path("state").asString()).isEqualTo("AWAITING_APPROVAL");
        ((ObjectNode) outline.withArray("plotting_plan").get(0)).put("figure_id", EDITED_ID);
        assertThat(client.decide(approved, "outline", edit("renamed the first figure", outline)).path("state")
                .asString()).isNotEqualTo("AWAITING_APPROVAL");

        // the citations gate: the pool offered; an invented citation is refused; one removed
        ObjectNode pool = (ObjectNode) Json.mapper().readTree(client.pendingApproval(pooled, "citations"));
        List<String> keys = new ArrayList<>(pool.path("keys").propertyNames());
        assertThat(keys).as("the verified pool of the offline CVPR example").hasSizeGreaterThan(1);
        String removedKey = keys.getFirst();
        ObjectNode invented = pool.deepCopy();
        ((ObjectNode) invented.path("keys")).putObject("invented2026").put("title", "A paper nobody verified");
        assertThatThrownBy(() -> client.decide(pooled, "citations", edit("more", invented)))
                .isInstanceOfSatisfying(ServiceCallException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.getMessage()).contains("keys.invented2026").contains("may only remove");
                });
        ((ObjectNode) pool.path("keys")).remove(removedKey);
        client.decide(pooled, "citations", edit("off topic", pool));

        // the figures gate: the rendered figures offered; one dropped
        awaitGate(pooled, "figures");
        ObjectNode figures = (ObjectNode) Json.mapper().readTree(client.pendingApproval(pooled, "figures"));
        List<String> figureIds = new ArrayList<>(figures.path("figures").propertyNames());
        assertThat(figureIds).hasSizeGreaterThan(1);
        String droppedFigure = figureIds.getFirst();
        ((ObjectNode) figures.path("figures")).remove(droppedFigure);
        client.decide(pooled, "figures", edit("one chart is enough", figures));

        // the final gate: the refined paper waits again, across a second restart, with no completion yet
        awaitGate(approved, "final");
        assertThat(client.pendingApproval(approved, "final")).as("paper.pdf, else paper.tex")
                .matches(paper -> paper.startsWith("%PDF") || paper.contains("\\begin{document}"));
        restart();
        awaitGate(approved, "final");
        assertThat(client.paper(approved).path("files").isEmpty()).as("nothing completed yet").isTrue();
        client.decide(approved, "final", decision("approve", "ship it"));

        awaitState(approved, "COMPLETED");
        List<String> entries = bundleEntries(approved);
        assertThat(entries).anyMatch(name -> name.startsWith(approved + "/figures/" + EDITED_ID + "."))
                .noneMatch(name -> name.startsWith(approved + "/figures/" + originalId + "."));
        assertThat(bundleText(approved, approved + "/outline.json")).contains(EDITED_ID);
        JsonNode summary = Json.mapper().readTree(bundleText(approved, approved + "/summary.json"));
        assertThat(summary.path("approvals")).hasSize(2);
        JsonNode record = summary.path("approvals").get(0);
        assertThat(record.path("stage").asString()).isEqualTo("outline");
        assertThat(record.path("decision").asString()).isEqualTo("APPROVED");
        assertThat(record.path("decidedBy").asString()).startsWith("carol");
        assertThat(record.path("note").asString()).isEqualTo("renamed the first figure");
        assertThat(record.path("change").asString()).contains("plotting_plan changed");
        assertThat(summary.path("approvals").get(1).path("stage").asString()).isEqualTo("final");
        assertThat(summary.path("approvals").get(1).path("note").asString()).isEqualTo("ship it");
        List<String> stages = new ArrayList<>();
        summary.path("stages").forEach(stage -> stages.add(stage.path("stage").asString()));
        assertThat(stages).contains("outline-approval", "final-approval");
        assertThat(timeline(approved)).anyMatch(message -> message.startsWith("outline approved by carol")
                && message.contains("plotting_plan changed"))
                .anyMatch(message -> message.startsWith("final approved by carol"));

        awaitState(pooled, "COMPLETED");
        assertThat(bundleEntries(pooled)).noneMatch(name -> name.startsWith(pooled + "/figures/" + droppedFigure
                + "."));
        JsonNode citationMap = Json.mapper().readTree(bundleText(pooled, pooled + "/citation_map.json"));
        assertThat(citationMap.path("keys").has(removedKey)).as("removed from the pool").isFalse();
        assertThat(citationMap.path("rejected").toString()).contains("removed at the citations gate by carol");
        assertThat(bundleText(pooled, pooled + "/references.bib")).doesNotContain("{" + removedKey + ",");
        assertThat(bundleText(pooled, pooled + "/paper.tex")).doesNotContain(removedKey);
        JsonNode pooledSummary = Json.mapper().readTree(bundleText(pooled, pooled + "/summary.json"));
        assertThat(pooledSummary.path("approvals").get(0).path("change").asString())
                .contains("removed 1 of " + keys.size() + " citations: " + removedKey);
        assertThat(pooledSummary.path("approvals").get(1).path("change").asString())
                .contains("removed 1 of " + figureIds.size() + " figures: " + droppedFigure);
    }

    private void restart() throws IOException {
        pipeline.close();
        pipeline = null;
        start();
    }

    private static ObjectNode edit(String note, JsonNode artifact) {
        ObjectNode body = decision("approve", note);
        body.set("artifact", artifact);
        return body;
    }

    private void awaitGate(String paperId, String stage) {
        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(500)).ignoreExceptions()
                .untilAsserted(() -> {
                    JsonNode paper = client.paper(paperId);
                    assertThat(paper.path("state").asString()).isEqualTo("AWAITING_APPROVAL");
                    assertThat(paper.path("approval").path("stage").asString()).isEqualTo(stage);
                });
    }

    private void start() throws IOException {
        pipeline = EmbeddedPipeline.start(new PipelineSettings(work.resolve("state"), List.of(),
                List.of("--po.approval.check-every=PT1S")), line -> { });
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        pipeline.startPaperService(PaperServiceApplication.builder(), port, List.of(), line -> { });
        client = new PaperServiceClient("http://127.0.0.1:" + port, null);
    }

    private static ObjectNode decision(String decision, String note) {
        ObjectNode body = Json.mapper().createObjectNode().put("decision", decision).put("by", "carol");
        if (note != null) {
            body.put("note", note);
        }
        return body;
    }

    private String submit(Map<String, String> fields) throws IOException {
        Path zip = work.resolve("cvpr-" + System.nanoTime() + ".zip");
        MaterialsZip.write(EXAMPLES.resolve("cvpr-sparse-depth"), zip);
        return client.submit(zip, zip.getFileName().toString(), fields).path("paperId").asString();
    }

    private void awaitState(String paperId, String state) {
        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(500)).ignoreExceptions()
                .untilAsserted(() -> assertThat(client.paper(paperId).path("state").asString()).isEqualTo(state));
    }

    private List<String> stagesOf(String paperId) {
        List<String> stages = new ArrayList<>();
        client.paper(paperId).path("timeline").forEach(change -> stages.add(change.path("stage").asString()));
        return stages;
    }

    /** The stages of the paper's timeline entries in that state (started, completed, ...). */
    private List<String> stagesOf(String paperId, String state) {
        List<String> stages = new ArrayList<>();
        client.paper(paperId).path("timeline").forEach(change -> {
            if (change.path("state").asString().equals(state)) {
                stages.add(change.path("stage").asString());
            }
        });
        return stages;
    }

    private List<String> timeline(String paperId) {
        List<String> messages = new ArrayList<>();
        client.paper(paperId).path("timeline").forEach(change -> messages.add(change.path("message").asString()));
        return messages;
    }

    private List<String> bundleEntries(String paperId) throws IOException {
        Path bundle = work.resolve(paperId + ".zip");
        client.bundle(paperId, bundle);
        List<String> names = new ArrayList<>();
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(bundle))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                names.add(entry.getName());
            }
        }
        return names;
    }

    private String bundleText(String paperId, String entryName) throws IOException {
        Path bundle = work.resolve(paperId + ".zip");
        try (InputStream in = Files.newInputStream(bundle); ZipInputStream zip = new ZipInputStream(in)) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                if (entry.getName().equals(entryName)) {
                    return new String(zip.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
        }
        throw new AssertionError(entryName + " is not in the bundle of " + paperId);
    }
}
