package dev.paperorchestra.cli.run;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import dev.paperorchestra.cli.testing.StoredRecords;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * A provider (some proxies do this) that echoes the request's {@code Authorization} header, and the bare key,
 * in its 401 error body, also base64-encoded, as {@code Basic} credentials and percent-encoded (issue 25):
 * {@code po run} in model mode fails the paper, and the key is in no output file, no
 * file of the state directory ({@code logs/po.log} included, with the production log configuration), no record
 * value or header of any topic ({@code paper-status}, every {@code -dlt}), and not on the console.
 */
class SecretRedactionIT {

    private static final Path CVPR = Path.of("..", "examples", "cvpr-sparse-depth").toAbsolutePath().normalize();

    /** Refuses every request, quoting its credentials back. */
    static final class EchoingRefusal implements ResponseDefinitionTransformerV2 {

        static final String NAME = "echoing-refusal";

        @Override
        public String getName() {
            return NAME;
        }

        @Override
        public boolean applyGlobally() {
            return false;
        }

        @Override
        public ResponseDefinition transform(ServeEvent serveEvent) {
            String authorization = String.valueOf(serveEvent.getRequest().getHeader("Authorization"));
            String bare = authorization.replaceFirst("(?i)^bearer\\s+", "");
            return aResponse().withStatus(401).withHeader("Content-Type", "application/json")
                    .withBody("{\"error\": {\"message\": \"Incorrect API key provided: " + bare + " (sent as "
                            + base64(bare) + ", Basic " + base64("apiuser:" + bare) + ", " + percentEncoded(bare) + ")\", "
                            + "\"type\": \"invalid_request_error\", \"received\": {\"Authorization\": \""
                            + authorization + "\"}}}")
                    .build();
        }
    }

    @Test
    void an_api_key_echoed_in_a_provider_error_reaches_no_file_log_topic_header_or_console() throws Exception {
        String key = "po-test-" + UUID.randomUUID().toString().replace("-", "");
        Files.createDirectories(Path.of("target"));
        Path work = Files.createTempDirectory(Path.of("target"), "secret-").toAbsolutePath();
        Path state = work.resolve("state");
        WireMockServer provider = new WireMockServer(wireMockConfig().dynamicPort().extensions(new EchoingRefusal()));
        provider.start();
        provider.stubFor(any(anyUrl()).willReturn(aResponse().withTransformers(EchoingRefusal.NAME)));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        int exit;
        // the key as a JVM system property: how Spring Boot's binding (every agent's) and po run's check see it
        System.setProperty("po.llm.api-key", key);
        // each agent re-initialises logging: make it the production configuration (redacting, to po.log)
        System.setProperty("logging.config", "classpath:logback.xml");
        try {
            RunCommand command = new RunCommand();
            PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
            command.stdout = out;
            command.stderr = out;
            exit = new CommandLine(command).execute(CVPR.toString(), "--llm", "openai",
                    "--llm-base-url", provider.baseUrl() + "/v1", "--llm-model", "stub-model",
                    "--s2-base-url", provider.baseUrl(), "--openalex-base-url", provider.baseUrl(),
                    "--state-dir", state.toString(), "--out", work.resolve("out").toString(),
                    "--paper-id", "leak", "--timeout", "PT3M");
        } finally {
            System.clearProperty("po.llm.api-key");
            System.clearProperty("logging.config");
            restoreTestLogging();
            provider.stop();
        }

        // the key was sent and echoed, and the paper failed on it
        assertThat(provider.getAllServeEvents()).anySatisfy(event ->
                assertThat(event.getRequest().getHeader("Authorization")).isEqualTo("Bearer " + key));
        assertThat(exit).as(console.toString()).isEqualTo(RunCommand.PAPER_FAILED);
        List<String> needles = derivedForms(key);
        assertThat(console.toString()).contains("401").doesNotContain(needles);
        Path log = state.resolve("logs").resolve("po.log");
        assertThat(Files.readString(log)).contains("401").doesNotContain(needles);
        assertThat(filesContaining(work, needles)).isEmpty();
        StoredRecords stored = StoredRecords.read(state);
        assertThat(stored.topics()).contains("paper-status", "paper-requests-dlt");
        assertThat(stored.count("paper-status")).isPositive();
        assertThat(stored.count("*-dlt")).isPositive();
        assertThat(stored.holding(needles)).as("records and headers holding the key").isEmpty();
    }

    static String base64(String text) {
        return java.util.Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    static String percentEncoded(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            out.append('%').append(java.util.HexFormat.of().toHexDigits(b));
        }
        return out.toString();
    }

    /**
     * The key and runs of its encodings that hold only the key's own bits: base64 of the key alone, and the part
     * of base64("apiuser:" + key) from the first group of key bytes only (the key starts at byte 8, off a group
     * boundary, so these characters differ from the key's own base64), and its percent-encoding.
     */
    private static List<String> derivedForms(String key) {
        String basic = base64("apiuser:" + key);
        return List.of(key, base64(key).substring(0, 16), basic.substring(12, 28),
                percentEncoded(key).substring(0, 24));
    }

    private static List<String> filesContaining(Path root, List<String> keys) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                if (StoredRecords.containsAny(Files.readAllBytes(file), keys)) {
                    found.add(file.toString());
                }
            }
        }
        return found;
    }

    /** Back to the test log configuration for the tests that run after this one in the same JVM. */
    private static void restoreTestLogging() throws Exception {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.reset();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(SecretRedactionIT.class.getResource("/logback-test.xml"));
    }
}
