package dev.paperorchestra.service.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.content.materials.MaterialsZip;
import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import dev.paperorchestra.runtime.json.Json;
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
 * The outline gate end to end, offline, on the embedded broker with the paper service in front: a paper with
 * approvals=outline stops AWAITING_APPROVAL with nothing downstream started, still waits after every agent,
 * the service and the broker restart, refuses an invalid edit, is approved with an edited outline whose edit is
 * in the finished paper and its summary.json, and completes; another is rejected, a third times out.
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
    void a_paper_waits_at_the_outline_gate_across_a_restart_and_goes_on_with_the_edit_it_was_approved_with()
            throws Exception {
        start();
        String approved = submit(Map.of("offline", "true", "iterations", "0", "approvals", "outline",
                "paperId", "gate-approve"));
        String rejected = submit(Map.of("offline", "true", "iterations", "0", "approvals", "outline",
                "paperId", "gate-reject"));
        String timedOut = submit(Map.of("offline", "true", "iterations", "0", "approvals", "outline",
                "approvalTimeout", "PT3S", "paperId", "gate-timeout"));
        assertThatThrownBy(() -> submit(Map.of("offline", "true", "approvals", "final")))
                .isInstanceOfSatisfying(ServiceCallException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.getMessage()).contains("final approval gate is not built yet");
                });

        awaitState(approved, "AWAITING_APPROVAL");
        awaitState(rejected, "AWAITING_APPROVAL");
        JsonNode waiting = client.paper(approved);
        assertThat(waiting.path("approval").path("stage").asString()).isEqualTo("outline");
        assertThat(waiting.path("currentStage").asString()).isEqualTo("outline");

        // the timeout: the gate's clock ends the paper, clearly
        awaitState(timedOut, "FAILED");
        assertThat(client.paper(timedOut).path("failureReason").asString()).startsWith("approval timed out")
                .contains("PT3S");

        // a rejection ends the paper with who and why
        assertThatThrownBy(() -> client.decide(rejected, "outline", decision("reject", null)))
                .isInstanceOfSatisfying(ServiceCallException.class, e -> assertThat(e.status()).isEqualTo(400));
        JsonNode afterReject = client.decide(rejected, "outline", decision("reject", "the baselines are wrong"));
        assertThat(afterReject.path("state").asString()).isEqualTo("FAILED");
        assertThat(afterReject.path("failureReason").asString()).contains("outline rejected by carol")
                .contains("the baselines are wrong");
        assertThatThrownBy(() -> client.decide(rejected, "outline", decision("approve", null)))
                .isInstanceOfSatisfying(ServiceCallException.class, e -> assertThat(e.status()).isEqualTo(409));

        // every agent, the service and the broker restart: the paper still waits, nothing downstream began
        pipeline.close();
        pipeline = null;
        start();
        awaitState(approved, "AWAITING_APPROVAL");
        assertThat(stagesOf(approved)).containsOnly("submit", "outline");

        ObjectNode outline = (ObjectNode) Json.mapper().readTree(client.pendingApproval(approved, "outline"));
        String originalId = outline.path("plotting_plan").get(0).path("figure_id").asString();

        ObjectNode invalid = outline.deepCopy();
        ((ObjectNode) invalid.withArray("plotting_plan").get(0)).put("aspect_ratio", "7:5");
        ObjectNode withInvalid = decision("approve", "looks good");
        withInvalid.set("artifact", invalid);
        assertThatThrownBy(() -> client.decide(approved, "outline", withInvalid))
                .isInstanceOfSatisfying(ServiceCallException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.getMessage()).contains("plotting_plan[0].aspect_ratio");
                });
        assertThatThrownBy(() -> client.decide(approved, "final", decision("approve", null)))
                .isInstanceOfSatisfying(ServiceCallException.class, e -> assertThat(e.status()).isEqualTo(409));
        assertThat(client.paper(approved).path("state").asString()).isEqualTo("AWAITING_APPROVAL");

        ((ObjectNode) outline.withArray("plotting_plan").get(0)).put("figure_id", EDITED_ID);
        ObjectNode approval = decision("approve", "renamed the first figure");
        approval.set("artifact", outline);
        JsonNode afterApprove = client.decide(approved, "outline", approval);
        assertThat(afterApprove.path("state").asString()).isNotEqualTo("AWAITING_APPROVAL");

        awaitState(approved, "COMPLETED");
        List<String> entries = bundleEntries(approved);
        assertThat(entries).anyMatch(name -> name.startsWith(approved + "/figures/" + EDITED_ID + "."))
                .noneMatch(name -> name.startsWith(approved + "/figures/" + originalId + "."));
        assertThat(bundleText(approved, approved + "/outline.json")).contains(EDITED_ID);
        JsonNode summary = client.paper(approved).path("summary");
        JsonNode record = summary.path("approvals").get(0);
        assertThat(record.path("stage").asString()).isEqualTo("outline");
        assertThat(record.path("decision").asString()).isEqualTo("APPROVED");
        assertThat(record.path("decidedBy").asString()).startsWith("carol");
        assertThat(record.path("note").asString()).isEqualTo("renamed the first figure");
        assertThat(record.path("change").asString()).contains("plotting_plan changed");
        assertThat(timeline(approved)).anyMatch(message -> message.startsWith("outline approved by carol")
                && message.contains("plotting_plan changed"));
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
