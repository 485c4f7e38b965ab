package dev.paperorchestra.cli.doctor;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.paperorchestra.cli.run.SandboxChoice;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class DoctorCommandTest {

    private static WireMockServer server;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    @BeforeAll
    static void start() {
        server = new WireMockServer(wireMockConfig().dynamicPort());
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    @BeforeEach
    void stubScholar() {
        server.resetAll();
        server.stubFor(get(urlPathEqualTo("/graph/v1/paper/search")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"total\":1,\"offset\":0,\"data\":[{\"paperId\":\"p1\",\"title\":\"A\"}]}")));
    }

    private int doctor(Map<String, String> env, String... args) {
        DoctorCommand command = new DoctorCommand();
        command.environment = env;
        command.stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
        return new CommandLine(command).execute(args);
    }

    /** A port nothing listens on. */
    private static int freePort() throws java.io.IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private String report() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private static void stubChat(int status, String body) {
        server.stubFor(post(urlPathEqualTo("/v1/chat/completions")).willReturn(aResponse().withStatus(status)
                .withHeader("Content-Type", "application/json").withBody(body)));
    }

    @Test
    void reports_ok_for_a_reachable_openai_compatible_server_with_model_and_latency() {
        Assumptions.assumeTrue(DoctorChecks.tex("latexmk").ok(), "TeX Live is not installed here");
        stubChat(200, "{\"id\":\"c\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"local-qwen\","
                + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"OK\"},"
                + "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":1}}");

        int exit = doctor(Map.of(), "--llm", "openai", "--llm-base-url", server.baseUrl() + "/v1",
                "--llm-model", "local-qwen", "--s2-base-url", server.baseUrl());

        assertThat(exit).as(report()).isZero();
        assertThat(report()).containsPattern("OK +llm +planner, searcher, critic, reviewer: openai local-qwen at "
                + "http://localhost:\\d+/v1 answered in \\d+ ms \\(model local-qwen\\)");
        assertThat(report()).containsPattern("OK +scholar").containsPattern("OK +jdk").contains("all 5 checks passed");
    }

    @Test
    void checks_every_reviewer_panel_member_and_names_the_one_without_a_key() {
        stubChat(200, "{\"id\":\"c\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"local-qwen\","
                + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"OK\"},"
                + "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":1}}");

        int exit = doctor(Map.of("PO_REVIEWER_PANEL_0_PROVIDER", "openai", "PO_REVIEWER_PANEL_0_MODEL", "judge-a",
                "PO_REVIEWER_PANEL_0_FOCUS", "methods", "PO_REVIEWER_PANEL_1_PROVIDER", "openai",
                "PO_REVIEWER_PANEL_2_PROVIDER", "anthropic"), "--llm", "openai", "--llm-base-url",
                server.baseUrl() + "/v1", "--llm-model", "local-qwen", "--s2-base-url", server.baseUrl());

        assertThat(exit).as(report()).isEqualTo(1);
        assertThat(report()).containsPattern("OK +llm +reviewer panel 1 \\(methods\\): openai judge-a at "
                + "http://localhost:\\d+/v1 answered in \\d+ ms")
                .containsPattern("OK +llm +reviewer panel 2 \\(general\\): openai local-qwen at .*the same endpoint "
                        + "as checked above")
                .containsPattern("FAIL +llm +reviewer panel 3 \\(general\\): anthropic .*no API key for anthropic");
        server.verify(2, postRequestedFor(urlPathEqualTo("/v1/chat/completions")));
    }

    @Test
    void a_reviewer_panel_that_does_not_bind_fails_with_the_reason() {
        int exit = doctor(Map.of("PO_REVIEWER_PANEL_0_PROVIDER", "offline"), "--llm", "openai", "--llm-base-url",
                server.baseUrl() + "/v1", "--s2-base-url", server.baseUrl());

        assertThat(exit).isEqualTo(1);
        assertThat(report()).containsPattern("FAIL +llm +reviewer panel: invalid configuration at po.reviewer.*"
                + "provider must be openai");
    }

    @Test
    void fails_readably_when_the_server_refuses_the_key() {
        stubChat(401, "{\"error\":{\"message\":\"Incorrect API key provided\",\"type\":\"invalid_request_error\"}}");

        int exit = doctor(Map.of("OPENAI_API_KEY", "sk-wrong"), "--llm", "openai", "--llm-base-url",
                server.baseUrl() + "/v1", "--s2-base-url", server.baseUrl());

        assertThat(exit).isEqualTo(1);
        assertThat(report()).containsPattern("FAIL +llm .*HTTP 401 .*Incorrect API key provided")
                .contains("API key was refused").doesNotContain("sk-wrong");
    }

    @Test
    void fails_readably_when_the_server_is_down() throws Exception {
        int port = freePort();

        int exit = doctor(Map.of(), "--llm", "openai", "--llm-base-url", "http://127.0.0.1:" + port + "/v1",
                "--s2-base-url", server.baseUrl(), "--timeout", "PT5S");

        assertThat(exit).isEqualTo(1);
        assertThat(report()).containsPattern("FAIL +llm .*127.0.0.1:" + port + "/v1: connection refused")
                .contains("start the model server, or check --llm-base-url");
    }

    // issue 43: the doctor said "failed 1 times (last: ConnectException); the record will be redelivered" and
    // nothing about offline mode, which works without either service
    @Test
    void unreachable_services_are_named_in_plain_words_and_the_report_says_offline_mode_works() throws Exception {
        int port = freePort();

        int exit = doctor(Map.of(), "--llm", "openai", "--llm-base-url", "http://127.0.0.1:" + port + "/v1",
                "--s2-base-url", "http://127.0.0.1:" + port, "--timeout", "PT5S");

        assertThat(exit).isEqualTo(1);
        assertThat(report()).containsPattern("FAIL +scholar +Semantic Scholar at http://127.0.0.1:" + port
                        + " cannot be reached: nothing answered at that address \\(connection refused\\)\\. "
                        + "Runs look up every citation there; check the network")
                .doesNotContain("redelivered", "ConnectException", "failed 1 times")
                .containsPattern("po doctor: offline mode needs neither a model provider nor Semantic Scholar: "
                        + "po run --offline (works on this machine now|works once the other failures above are fixed)"
                        + " \\(deterministic rules write the paper, every output is labelled offline mode\\)");
    }

    @Test
    void a_host_that_does_not_resolve_is_named_as_such_not_as_a_refused_connection() {
        assertThat(DoctorChecks.unreachable("no-such-host.invalid", "ConnectException", java.time.Duration
                .ofSeconds(5))).isEqualTo("its host name could not be looked up (no network or no DNS on this machine?)");
        assertThat(DoctorChecks.unreachable("127.0.0.1", "HttpConnectTimeoutException",
                java.time.Duration.ofSeconds(5))).isEqualTo("no answer within 5 s");
    }

    @Test
    void the_offline_hint_is_given_only_when_an_outside_service_failed_and_the_run_was_not_offline() {
        DoctorResult llm = DoctorResult.failed("llm", "down");
        DoctorResult tex = DoctorResult.failed("tex", "missing");
        DoctorResult jdk = DoctorResult.ok("jdk", "21");

        assertThat(DoctorCommand.offlineHint(false, java.util.List.of(jdk, llm))).hasValueSatisfying(hint ->
                assertThat(hint).contains("po run --offline works on this machine now"));
        assertThat(DoctorCommand.offlineHint(false, java.util.List.of(llm, tex))).hasValueSatisfying(hint ->
                assertThat(hint).contains("works once the other failures above are fixed"));
        assertThat(DoctorCommand.offlineHint(false, java.util.List.of(jdk, tex))).isEmpty();
        assertThat(DoctorCommand.offlineHint(true, java.util.List.of(llm))).isEmpty();
    }

    @Test
    void fails_when_no_provider_is_configured_and_says_how_to_configure_one() {
        int exit = doctor(Map.of(), "--s2-base-url", server.baseUrl());

        assertThat(exit).isEqualTo(1);
        assertThat(report()).containsPattern("FAIL +llm +no model provider is configured");
    }

    @Test
    void fails_when_semantic_scholar_cannot_be_reached() throws Exception {
        int port = freePort();

        int exit = doctor(Map.of(), "--offline", "--s2-base-url", "http://127.0.0.1:" + port);

        assertThat(exit).isEqualTo(1);
        assertThat(report()).containsPattern("OK +llm +offline").containsPattern("FAIL +scholar .*cannot be reached")
                .doesNotContain("offline mode needs neither");
    }

    @Test
    void an_offline_check_needs_no_scholarly_endpoint() {
        Assumptions.assumeTrue(DoctorChecks.tex("latexmk").ok(), "TeX Live is not installed here");

        assertThat(doctor(Map.of(), "--offline")).as(report()).isZero();
        assertThat(report()).containsPattern("OK +scholar +offline runs replay");
    }

    @Test
    void names_the_active_compile_sandbox() {
        assertThat(DoctorChecks.sandbox(SandboxChoice.of(true, Map.of())).line())
                .startsWith("WARN sandbox").contains("none (disabled by po.sandbox.mode=none)", "openin_any=p",
                        "not a boundary against a hostile template", "Use it only for materials you trust");
        DoctorResult auto = DoctorChecks.sandbox(SandboxChoice.of(false, Map.of()));
        assertThat(auto.line()).matches("(OK   sandbox +bubblewrap: job directory only.*)"
                + "|(FAIL sandbox +bubblewrap required but unusable .*)");
    }

    // hostile (issue 40): under the default mode a machine without bubblewrap was a WARN, and TeX ran unconfined

    @Test
    void without_bubblewrap_the_sandbox_check_fails_saying_what_does_not_start_and_what_to_do() {
        Assumptions.assumeTrue(DoctorChecks.tex("latexmk").ok(), "TeX Live is not installed here");

        DoctorResult hidden = DoctorChecks.sandbox(SandboxChoice.of(false, Map.of("PO_SANDBOX_BWRAP",
                "bwrap-hidden-from-path")));

        assertThat(hidden.ok()).isFalse();
        assertThat(hidden.line()).startsWith("FAIL sandbox").contains("bubblewrap required but unusable "
                + "(bwrap-hidden-from-path not found on PATH)", "agents and the paper service do not start",
                "po run and po serve refuse", "apt-get install bubblewrap", "po run --no-sandbox");
        assertThat(doctor(Map.of("PO_SANDBOX_BWRAP", "bwrap-hidden-from-path"), "--offline")).isEqualTo(1);
        assertThat(report()).containsPattern("FAIL sandbox +bubblewrap required but unusable");
    }
}
