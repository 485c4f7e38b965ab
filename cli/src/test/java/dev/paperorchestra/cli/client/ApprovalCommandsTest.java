package dev.paperorchestra.cli.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.paperorchestra.cli.run.RunCommand;
import dev.paperorchestra.base.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

/** po approve and po reject against a stub of the paper service: the request they send, and their exit codes. */
class ApprovalCommandsTest {

    @TempDir
    Path dir;

    private HttpServer server;
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/papers", exchange -> {
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " "
                    + exchange.getRequestHeaders().getFirst("Authorization"));
            boolean waiting = exchange.getRequestURI().getPath().startsWith("/papers/p1/");
            int status = waiting ? 200 : 409;
            String body = waiting ? "{\"paperId\":\"p1\",\"state\":\"RUNNING\"}"
                    : "{\"error\":\"conflict\",\"file\":null,\"problem\":\"paper p2 does not wait for approval (state COMPLETED)\"}";
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream response = exchange.getResponseBody()) {
                response.write(bytes);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void approve_sends_the_decision_the_note_the_name_and_the_edited_outline_with_the_token() throws IOException {
        Path edited = dir.resolve("outline.json");
        Files.writeString(edited, "{\"plotting_plan\": []}");

        int exit = run(new ApproveCommand(), "p1", "--stage", "outline", "--note", "fine", "--artifact",
                edited.toString(), "--by", "alice");

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("p1 RUNNING");
        assertThat(requests).containsExactly("PUT /papers/p1/approvals/outline Bearer t0ken");
        JsonNode sent = Json.mapper().readTree(bodies.getFirst());
        assertThat(sent.path("decision").asString()).isEqualTo("approve");
        assertThat(sent.path("by").asString()).isEqualTo("alice");
        assertThat(sent.path("note").asString()).isEqualTo("fine");
        assertThat(sent.path("artifact").path("plotting_plan").isArray()).isTrue();
    }

    @Test
    void reject_needs_a_reason_and_sends_it_with_the_user_as_the_decider() {
        assertThat(run(new RejectCommand(), "p1", "--stage", "outline")).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(requests).isEmpty();

        assertThat(run(new RejectCommand(), "p1", "--stage", "outline", "--reason", "wrong baselines")).isZero();
        JsonNode sent = Json.mapper().readTree(bodies.getFirst());
        assertThat(sent.path("decision").asString()).isEqualTo("reject");
        assertThat(sent.path("note").asString()).isEqualTo("wrong baselines");
        assertThat(sent.path("by").asString()).isEqualTo("bob");
    }

    @Test
    void a_paper_that_does_not_wait_exits_1_and_an_unreadable_edit_exits_2_before_any_request() throws IOException {
        assertThat(run(new ApproveCommand(), "p2", "--stage", "outline")).isEqualTo(RunCommand.PAPER_FAILED);
        assertThat(err.toString()).contains("does not wait for approval");

        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\"plotting_plan\": [");
        requests.clear();
        assertThat(run(new ApproveCommand(), "p1", "--stage", "outline", "--artifact", broken.toString()))
                .isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("is not valid JSON");
        assertThat(requests).isEmpty();
    }

    private int run(ServiceCommand command, String... args) {
        command.environment = Map.of("PO_TOKEN", "t0ken", "USER", "bob");
        command.stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
        command.stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
        String[] withServer = new String[args.length + 2];
        System.arraycopy(args, 0, withServer, 0, args.length);
        withServer[args.length] = "--server";
        withServer[args.length + 1] = "http://127.0.0.1:" + server.getAddress().getPort();
        CommandLine line = new CommandLine(command);
        line.setErr(new java.io.PrintWriter(err, true));
        return line.execute(withServer);
    }
}
