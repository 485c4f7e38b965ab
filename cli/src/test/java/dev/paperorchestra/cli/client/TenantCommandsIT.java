package dev.paperorchestra.cli.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.cli.run.RunCommand;
import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import dev.paperorchestra.service.PaperServiceApplication;
import dev.paperorchestra.service.client.PaperServiceClient;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import picocli.CommandLine;

/**
 * {@code po submit/status/fetch/approve/cancel --server} as two tenants, each with its own token, against the
 * paper service in front of the whole pipeline (offline, embedded broker). What one tenant submitted does not
 * exist for the other: every command about it exits 2 saying there is no such paper, and {@code po status} lists
 * only the caller's papers; the owner approves, cancels and fetches as before.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TenantCommandsIT {

    private static final Path EXAMPLE = Path.of("..", "examples", "cvpr-sparse-depth").toAbsolutePath().normalize();
    private static final String TOKEN_A = "lab-a-cli-" + Long.toHexString(System.nanoTime());
    private static final String TOKEN_B = "lab-b-cli-" + Long.toHexString(System.nanoTime());

    Path work;
    EmbeddedPipeline pipeline;
    String server;

    /** What one command printed and its exit code. */
    record Run(int exit, String out, String err) {
    }

    @BeforeAll
    void start() throws Exception {
        // a per-class @TempDir is not injected before @BeforeAll; the build directory is cleaned by Maven
        Files.createDirectories(Path.of("target"));
        work = Files.createTempDirectory(Path.of("target"), "tenants-").toAbsolutePath();
        pipeline = EmbeddedPipeline.start(new PipelineSettings(work.resolve("state"), List.of(), List.of()),
                line -> { });
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        pipeline.startPaperService(PaperServiceApplication.builder(), port, List.of("--po.service.tokens="
                + "lab-a:submit+approve:" + TOKEN_A + ",lab-b:submit+approve:" + TOKEN_B,
                "--server.shutdown=immediate"), line -> { });
        server = "http://127.0.0.1:" + port;
    }

    @AfterAll
    void stop() {
        if (pipeline != null) {
            pipeline.close();
        }
    }

    @Test
    void each_tenants_commands_reach_its_own_papers_only() {
        assertThat(po(TOKEN_A, new SubmitCommand(), EXAMPLE.toString(), "--paper-id", "a-gated", "--offline",
                "--iterations", "0", "--approvals", "outline").exit()).isZero();
        assertThat(po(TOKEN_A, new SubmitCommand(), EXAMPLE.toString(), "--paper-id", "a-cancel", "--offline",
                "--approvals", "outline").exit()).isZero();
        assertThat(po(TOKEN_B, new SubmitCommand(), EXAMPLE.toString(), "--paper-id", "b-own", "--offline",
                "--iterations", "0").exit()).isZero();
        PaperServiceClient alice = new PaperServiceClient(server, TOKEN_A);
        await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofSeconds(1)).until(() ->
                alice.paper("a-gated").path("state").asString().equals("AWAITING_APPROVAL"));

        // lab-b knows nothing of lab-a's papers, and the reverse
        assertNoSuchPaper(TOKEN_B, "a-gated", new StatusCommand(), "a-gated");
        assertNoSuchPaper(TOKEN_B, "a-gated", new FetchCommand(), "a-gated", "--out", work.resolve("b").toString());
        assertNoSuchPaper(TOKEN_B, "a-gated", new ApproveCommand(), "a-gated", "--stage", "outline");
        assertNoSuchPaper(TOKEN_B, "a-cancel", new CancelCommand(), "a-cancel");
        assertNoSuchPaper(TOKEN_A, "b-own", new StatusCommand(), "b-own");
        assertNoSuchPaper(TOKEN_A, "b-own", new CancelCommand(), "b-own");
        assertThat(listed(TOKEN_B)).contains("b-own").doesNotContain("a-gated", "a-cancel");
        assertThat(listed(TOKEN_A)).contains("a-gated", "a-cancel").doesNotContain("b-own");

        // the owner acts on its own
        assertThat(po(TOKEN_A, new ApproveCommand(), "a-gated", "--stage", "outline", "--by", "alice").exit())
                .isZero();
        Run cancel = po(TOKEN_A, new CancelCommand(), "a-cancel");
        assertThat(cancel.exit()).isZero();
        assertThat(cancel.out()).contains("a-cancel CANCELLED");
        PaperServiceClient bob = new PaperServiceClient(server, TOKEN_B);
        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofSeconds(2)).until(() ->
                alice.paper("a-gated").path("state").asString().equals("COMPLETED")
                        && bob.paper("b-own").path("state").asString().equals("COMPLETED"));
        assertNoSuchPaper(TOKEN_B, "a-gated", new FetchCommand(), "a-gated", "--out", work.resolve("b").toString());
        assertThat(work.resolve("b").resolve("a-gated")).doesNotExist();
        assertThat(po(TOKEN_A, new FetchCommand(), "a-gated", "--out", work.resolve("a").toString(),
                "--allow-incomplete").exit()).isZero();
        assertThat(work.resolve("a").resolve("a-gated").resolve("paper.tex")).exists();
        assertThat(alice.paper("a-gated").path("summary").toString()).as("the decider recorded is the principal")
                .contains("alice (lab-a token ");
    }

    private void assertNoSuchPaper(String token, String paperId, ServiceCommand command, String... args) {
        Run run = po(token, command, args);
        assertThat(run.exit()).as(run.err()).isEqualTo(RunCommand.BAD_INPUT);
        assertThat(run.err()).contains("no paper " + paperId + " (HTTP 404)");
    }

    private List<String> listed(String token) {
        Run status = po(token, new StatusCommand());
        assertThat(status.exit()).isZero();
        List<String> ids = new ArrayList<>();
        status.out().lines().skip(1).forEach(line -> ids.add(line.split("\\s+")[0]));
        return ids;
    }

    private Run po(String token, ServiceCommand command, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        command.stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
        command.stderr = new PrintStream(err, true, StandardCharsets.UTF_8);
        command.environment = Map.of("PO_TOKEN", token);
        String[] withServer = new String[args.length + 2];
        System.arraycopy(args, 0, withServer, 0, args.length);
        withServer[args.length] = "--server";
        withServer[args.length + 1] = server;
        int exit = new CommandLine(command).execute(withServer);
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
