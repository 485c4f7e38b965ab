package dev.paperorchestra.cli.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.paperorchestra.cli.run.RunCommand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The client commands against a stub of the paper service answering as its openapi.yaml says. */
class ClientCommandsTest {

    @TempDir
    Path dir;

    private HttpServer server;
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/papers", exchange -> {
            exchange.getRequestBody().readAllBytes();
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            int status;
            String body;
            if (method.equals("POST")) {
                status = 400;
                body = "{\"error\":\"invalid materials\",\"file\":\"experimental_log.md\",\"problem\":\"required file is missing\"}";
            } else if (method.equals("DELETE")) {
                status = 409;
                body = "{\"error\":\"conflict\",\"file\":null,\"problem\":\"paper p1 is already COMPLETED\"}";
            } else if (path.equals("/papers/p3/bundle")) {
                respond(exchange, 200, "application/zip", incompleteBundle());
                return;
            } else if (path.equals("/papers/p3")) {
                status = 200;
                body = "{\"paperId\":\"p3\",\"state\":\"COMPLETED\",\"currentStage\":\"refine\","
                        + "\"updatedAt\":\"2026-11-23T10:00:00Z\",\"timeline\":[],\"files\":[\"paper.pdf\",\"summary.json\"]}";
            } else if (path.equals("/papers/p4/events")) {
                respond(exchange, 200, "text/event-stream", ("event: status\ndata: {\"stage\":\"refine\",\"agent\":"
                        + "\"refine-agent\",\"state\":\"completed\",\"message\":\"kept version 0\",\"occurredAt\":"
                        + "\"2026-11-23T10:00:09Z\"}\n\nevent: end\ndata: {\"paperId\":\"p4\",\"state\":\"INCOMPLETE\","
                        + "\"failureReason\":null}\n\n").getBytes(StandardCharsets.UTF_8));
                return;
            } else if (path.equals("/papers/p4")) {
                status = 200;
                body = "{\"paperId\":\"p4\",\"state\":\"INCOMPLETE\",\"currentStage\":\"refine\","
                        + "\"submittedAt\":\"2026-11-23T10:00:00Z\",\"updatedAt\":\"2026-11-23T10:00:09Z\","
                        + "\"timeline\":[],\"files\":[\"paper.tex\",\"summary.json\"],"
                        + "\"shortfalls\":[\"paper.pdf: compile failed - undefined control sequence\","
                        + "\"gate CITATIONS failed: no entry x\"]}";
            } else if (path.equals("/papers/p2")) {
                status = 200;
                body = "{\"paperId\":\"p2\",\"state\":\"FAILED\",\"currentStage\":\"writer\",\"updatedAt\":\"2026-11-23T10:00:00Z\","
                        + "\"failureReason\":\"template.tex: no \\\\section\",\"timeline\":[],\"files\":[]}";
            } else {
                status = 404;
                body = "{\"error\":\"not found\",\"file\":null,\"problem\":\"no paper x\"}";
            }
            respond(exchange, status, "application/json", body.getBytes(StandardCharsets.UTF_8));
        });
        server.start();
    }

    private static void respond(HttpExchange exchange, int status, String mediaType, byte[] body) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", mediaType);
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream response = exchange.getResponseBody()) {
            response.write(body);
        }
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void a_submission_refused_with_400_exits_2_naming_the_file_and_sends_the_token_from_po_token() {
        int exit = run(new SubmitCommand(), Path.of("..", "examples", "cvpr-sparse-depth").toString(), "--offline");

        assertThat(exit).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("experimental_log.md: required file is missing (HTTP 400)");
        assertThat(authorizations).containsExactly("Bearer t0ken");
    }

    @Test
    void cancelling_a_finished_paper_exits_1_and_fetching_a_failed_one_exits_1_with_its_reason() {
        assertThat(run(new CancelCommand(), "p1")).isEqualTo(RunCommand.PAPER_FAILED);
        assertThat(err.toString()).contains("already COMPLETED");

        assertThat(run(new FetchCommand(), "p2", "--out", dir.toString())).isEqualTo(RunCommand.PAPER_FAILED);
        assertThat(err.toString()).contains("paper p2 is FAILED: template.tex: no \\section");
        assertThat(dir.resolve("p2")).doesNotExist();
    }

    @Test
    void fetching_a_completed_paper_that_failed_a_gate_exits_1_naming_it_unless_incomplete_is_allowed() {
        assertThat(run(new FetchCommand(), "p3", "--out", dir.toString())).isEqualTo(RunCommand.PAPER_FAILED);
        assertThat(err.toString()).contains("paper p3 was written but is not complete")
                .contains("gate CONTENT failed: section \"Related Work\" is a stub of 27 words");
        assertThat(dir.resolve("p3").resolve("summary.json")).exists();

        assertThat(run(new FetchCommand(), "p3", "--out", dir.resolve("again").toString(), "--allow-incomplete"))
                .isZero();
    }

    /** A bundle as the service packs it: the paper's directory, whose summary says a gate failed. */
    private static byte[] incompleteBundle() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry("p3/summary.json"));
            zip.write(("{\"mode\":\"offline\",\"paperId\":\"p3\",\"compile\":{\"status\":\"COMPILED\"},"
                    + "\"writerGates\":{\"passed\":false,\"gates\":[{\"gate\":\"CONTENT\","
                    + "\"passed\":false,\"findings\":[\"section \\\"Related Work\\\" is a stub of 27 words\"]}]}}")
                    .getBytes(StandardCharsets.UTF_8));
            zip.putNextEntry(new ZipEntry("p3/paper.pdf"));
            zip.write("%PDF-1.5\n".getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    @Test
    void an_incomplete_paper_is_watched_to_exit_1_with_its_shortfalls_and_shown_so_by_status() {
        assertThat(run(new WatchCommand(), "p4")).isEqualTo(RunCommand.PAPER_FAILED);
        assertThat(out.toString()).contains("refine     completed kept version 0");
        assertThat(err.toString()).contains("paper p4 was written but is not complete",
                "paper.pdf: compile failed - undefined control sequence", "gate CITATIONS failed: no entry x");

        assertThat(run(new WatchCommand(), "p4", "--allow-incomplete")).isZero();

        assertThat(run(new StatusCommand(), "p4")).isZero();
        assertThat(out.toString()).containsPattern("p4 +INCOMPLETE +refine .*paper.pdf: compile failed - undefined "
                + "control sequence \\(and 1 more");
    }

    @Test
    void an_unknown_paper_or_an_unreachable_server_or_no_server_exits_2() {
        assertThat(run(new StatusCommand(), "x")).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("no paper x (HTTP 404)");

        StatusCommand unreachable = new StatusCommand();
        unreachable.environment = Map.of("PO_SERVER", "http://127.0.0.1:1");
        assertThat(execute(unreachable, "--server", "http://127.0.0.1:1")).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("cannot reach the paper service at http://127.0.0.1:1");

        StatusCommand none = new StatusCommand();
        none.environment = Map.of();
        assertThat(new CommandLine(wire(none)).execute()).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(err.toString()).contains("no paper service given");
    }

    private int run(ServiceCommand command, String... args) {
        command.environment = Map.of("PO_TOKEN", "t0ken");
        String[] withServer = new String[args.length + 2];
        System.arraycopy(args, 0, withServer, 0, args.length);
        withServer[args.length] = "--server";
        withServer[args.length + 1] = "http://127.0.0.1:" + server.getAddress().getPort();
        return execute(command, withServer);
    }

    private int execute(ServiceCommand command, String... args) {
        return new CommandLine(wire(command)).execute(args);
    }

    private ServiceCommand wire(ServiceCommand command) {
        command.stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
        command.stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
        return command;
    }
}
