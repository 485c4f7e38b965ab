package dev.paperorchestra.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** What po run says and asks when its paper stops at a gate, against a stub of the run's paper service. */
class RunApprovalsTest {

    @TempDir
    Path dir;

    private HttpServer server;
    private String url;
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/papers", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            bodies.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " " + body);
            // an edit naming an invented entry is refused, as the service refuses it
            boolean invalid = body.contains("invented");
            byte[] bytes = (invalid ? "{\"error\":\"invalid\",\"file\":null,\"problem\":\"keys.invented: not among "
                    + "the offered citations\"}" : "{\"paperId\":\"p1\",\"state\":\"RUNNING\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(invalid ? 400 : 200, bytes.length);
            try (OutputStream response = exchange.getResponseBody()) {
                response.write(bytes);
            }
        });
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void a_paper_at_a_gate_is_shown_with_the_exact_commands_to_see_and_decide_and_nothing_else_is() {
        RunApprovals approvals = new RunApprovals("p1", url, print(), null, "alice");

        approvals.accept(status(StageState.NOTICE, "outline"));
        assertThat(out.toString()).isEmpty();
        approvals.accept(status(StageState.AWAITING_APPROVAL, "citations"));

        assertThat(out.toString()).contains("paper p1 waits for approval at the citations gate")
                .contains("curl " + url + "/papers/p1/approvals/citations")
                .contains("./po approve p1 --stage citations --server " + url
                        + " [--note TEXT] [--artifact EDITED.json]")
                .contains("./po reject p1 --stage citations --server " + url + " --reason TEXT");
        assertThat(RunApprovals.instructions("p1", "final", url)).doesNotContain("--artifact");
        assertThat(bodies).as("without a terminal nothing is decided").isEmpty();
    }

    @Test
    void on_a_terminal_an_invalid_edit_is_answered_and_asked_again_and_a_rejection_needs_a_reason()
            throws IOException {
        Path invented = dir.resolve("pool.json");
        Files.writeString(invented, "{\"keys\": {\"invented\": {}}}");
        Path edited = dir.resolve("pool-edited.json");
        Files.writeString(edited, "{\"keys\": {\"smith2020\": {}}}");
        BufferedReader terminal = new BufferedReader(new StringReader(String.join("\n", "e " + invented, "r",
                "maybe", "e " + edited, "")));

        new RunApprovals("p1", url, print(), terminal, "alice").accept(status(StageState.AWAITING_APPROVAL,
                "citations"));

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(bodies).hasSize(2));
        assertThat(bodies.get(1)).startsWith("PUT /papers/p1/approvals/citations ");
        JsonNode sent = Json.mapper().readTree(bodies.get(1).substring(bodies.get(1).indexOf('{')));
        assertThat(sent.path("decision").asString()).isEqualTo("approve");
        assertThat(sent.path("by").asString()).isEqualTo("alice");
        assertThat(sent.path("artifact").path("keys").has("smith2020")).isTrue();
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(out.toString())
                .contains("keys.invented: not among the offered citations")
                .contains("a rejection needs a reason").contains("not understood: maybe").contains("p1 RUNNING"));
    }

    @Test
    void on_a_terminal_enter_leaves_the_paper_waiting() {
        new RunApprovals("p1", url, print(), new BufferedReader(new StringReader("\n")), "alice")
                .accept(status(StageState.AWAITING_APPROVAL, "final"));

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(out.toString())
                .contains("the paper keeps waiting at the final gate"));
        assertThat(bodies).isEmpty();
    }

    @Test
    void an_answer_after_the_paper_moved_on_goes_to_no_gate() throws IOException {
        PipedWriter typing = new PipedWriter();
        RunApprovals asking = new RunApprovals("p1", url, print(), new BufferedReader(new PipedReader(typing)),
                "alice");
        asking.accept(status(StageState.AWAITING_APPROVAL, "outline"));
        // approved from another terminal: the gate's notice for the outline arrives first
        asking.accept(status(StageState.NOTICE, "outline"));
        typing.write("a\n");
        typing.flush();

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(out.toString())
                .contains("no gate waits for a decision now"));
        assertThat(bodies).isEmpty();
    }

    private PrintStream print() {
        return new PrintStream(out, true, StandardCharsets.UTF_8);
    }

    private static PaperStatusChangedEvent status(StageState state, String stage) {
        return PaperStatusChangedEvent.newBuilder().setPaperId("p1").setStage(stage).setAgent("approval-gate")
                .setState(state).setMessage("waits").setOccurredAt(Instant.parse("2026-11-26T10:00:00Z")).build();
    }
}
