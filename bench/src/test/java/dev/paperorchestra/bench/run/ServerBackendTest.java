package dev.paperorchestra.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.paperorchestra.bench.dataset.BenchCase;
import dev.paperorchestra.content.testing.ZipEntries;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.content.materials.MaterialsFileRule;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server backend against a local stub of the paper service API (issue 10), over real HTTP. */
class ServerBackendTest {

    @TempDir
    Path dir;

    HttpServer server;
    final List<String> calls = new CopyOnWriteArrayList<>();
    final AtomicInteger statusCalls = new AtomicInteger();
    volatile byte[] uploaded = new byte[0];
    volatile String terminalState = "COMPLETED";

    @BeforeEach
    void startStub() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/papers", exchange -> {
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            calls.add(method + " " + path + " " + exchange.getRequestHeaders().getFirst("Authorization"));
            byte[] body = exchange.getRequestBody().readAllBytes();
            if (method.equals("POST") && path.equals("/papers")) {
                uploaded = body;
                if (new String(body, StandardCharsets.ISO_8859_1).contains("name=\"paperId\"\r\n\r\nbad-")) {
                    reply(exchange, 400, "{\"error\": \"invalid-materials\", \"file\": \"idea.md\", \"problem\": \"the idea is empty\"}");
                } else {
                    reply(exchange, 202, "{\"paperId\": \"srv-7\", \"status\": \"QUEUED\"}");
                }
            } else if (method.equals("GET") && path.equals("/papers/srv-7")) {
                boolean done = statusCalls.incrementAndGet() > 1;
                reply(exchange, 200, done ? "{\"state\": \"" + terminalState + "\", \"currentStage\": \"refine\","
                        + " \"failureReason\": \"latex exploded\"}" : "{\"state\": \"RUNNING\", \"currentStage\": \"writer\"}");
            } else if (method.equals("GET") && path.equals("/papers/srv-7/bundle")) {
                exchange.getResponseHeaders().add("Content-Type", "application/zip");
                byte[] zip = zip("srv-7/summary.json", "{\"mode\":\"offline\"}", "srv-7/reviews/iteration-0.json", "{}");
                exchange.sendResponseHeaders(200, zip.length);
                exchange.getResponseBody().write(zip);
                exchange.close();
            } else if (method.equals("GET")) {
                reply(exchange, 404, "{\"message\": \"no such paper\"}");
            } else if (method.equals("DELETE")) {
                reply(exchange, 202, "{}");
            } else {
                reply(exchange, 405, "{}");
            }
        });
        server.start();
    }

    @AfterEach
    void stopStub() {
        server.stop(0);
    }

    private ServerBackend backend() {
        return ServerBackend.connect("http://127.0.0.1:" + server.getAddress().getPort() + "/", "tok", true,
                Clock.systemUTC(), Duration.ofMillis(20));
    }

    private BenchCase materials() throws IOException {
        Path materials = Files.createDirectories(dir.resolve("case-a"));
        Files.writeString(materials.resolve("idea.md"), "idea");
        Files.createDirectories(materials.resolve("reference"));
        Files.writeString(materials.resolve("reference").resolve("paper.tex"), "HUMAN PAPER");
        return new BenchCase("case-a", materials);
    }

    private static JobOptions options() {
        return JobOptions.newBuilder().setLlmMode(LlmMode.OFFLINE).setRefineIterationLimit(2).setVenue("CVPR 2025").build();
    }

    @Test
    void submits_a_zip_without_the_reference_and_follows_the_id_the_service_gives() throws Exception {
        ServerBackend backend = backend();

        String id = backend.submit(materials(), "case-a-abc-1", options());

        assertThat(id).isEqualTo("srv-7");
        String body = new String(uploaded, StandardCharsets.ISO_8859_1);
        assertThat(body).contains("name=\"paperId\"\r\n\r\ncase-a-abc-1", "name=\"offline\"\r\n\r\ntrue",
                "name=\"venue\"\r\n\r\nCVPR 2025", "name=\"materials\"; filename=\"case-a.zip\"");
        byte[] zip = body.substring(body.indexOf("PK")).getBytes(StandardCharsets.ISO_8859_1);
        assertThat(ZipEntries.names(zip)).containsExactly("case-a/idea.md");
        assertThat(calls.getFirst()).endsWith("Bearer tok");
    }

    @Test
    void a_linked_file_is_refused_before_anything_is_sent_naming_it_as_po_run_does() throws Exception {
        BenchCase benchCase = materials();
        Path canary = Files.writeString(dir.resolve("host-secret.txt"), "CANARY-host-file");
        Files.createSymbolicLink(benchCase.materials().resolve("experimental_log.md"), canary);

        assertThatThrownBy(() -> backend().submit(benchCase, "case-a-abc-1", options()))
                .isInstanceOf(InvalidMaterialsException.class)
                .hasMessage(benchCase.materials().resolve("experimental_log.md") + ": "
                        + MaterialsFileRule.LINK);
        assertThat(calls).isEmpty();
        assertThat(new String(uploaded, StandardCharsets.ISO_8859_1)).doesNotContain("CANARY");
    }

    @Test
    void a_refused_upload_names_the_file() throws Exception {
        assertThatThrownBy(() -> backend().submit(materials(), "bad-1", options()))
                .isInstanceOf(InvalidMaterialsException.class).hasMessageContaining("idea.md")
                .hasMessageContaining("the idea is empty");
    }

    @Test
    void a_completed_paper_has_its_bundle_unpacked_into_the_case_directory() throws Exception {
        List<String> stages = new ArrayList<>();

        CaseOutcome outcome = backend().await("srv-7", Duration.ofMinutes(1), stages::add, dir.resolve("cases/a"));

        assertThat(outcome).isEqualTo(new CaseOutcome.Completed(dir.resolve("cases/a/srv-7").toAbsolutePath()));
        assertThat(dir.resolve("cases/a/srv-7/summary.json")).content().contains("offline");
        assertThat(dir.resolve("cases/a/srv-7/reviews/iteration-0.json")).exists();
        assertThat(stages).containsExactly("writer running", "refine completed");
    }

    @Test
    void failed_and_cancelled_papers_carry_the_services_reason() {
        terminalState = "FAILED";
        assertThat(backend().await("srv-7", Duration.ofMinutes(1), s -> { }, dir))
                .isEqualTo(new CaseOutcome.Failed("refine", "latex exploded"));
        terminalState = "CANCELLED";
        statusCalls.set(0);
        assertThat(backend().await("srv-7", Duration.ofMinutes(1), s -> { }, dir)).isInstanceOf(CaseOutcome.Cancelled.class);
    }

    @Test
    void a_paper_out_of_time_is_cancelled_on_the_service() {
        CaseOutcome outcome = backend().await("srv-7", Duration.ZERO, s -> { }, dir);

        assertThat(outcome).isEqualTo(new CaseOutcome.TimedOut("submit"));
        assertThat(calls).anySatisfy(call -> assertThat(call).startsWith("DELETE /papers/srv-7"));
    }

    @Test
    void a_paper_the_service_knows_was_submitted_and_an_unknown_one_was_not() {
        assertThat(backend().wasSubmitted("srv-7")).isTrue();
        assertThat(backend().wasSubmitted("never")).isFalse();
    }

    private static void reply(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private static byte[] zip(String... namesAndContents) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (int i = 0; i < namesAndContents.length; i += 2) {
                zip.putNextEntry(new ZipEntry(namesAndContents[i]));
                zip.write(namesAndContents[i + 1].getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}
