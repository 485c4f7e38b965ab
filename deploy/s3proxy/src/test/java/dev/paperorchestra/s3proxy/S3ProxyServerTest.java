package dev.paperorchestra.s3proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.runtime.blob.BlobStoreProperties;
import dev.paperorchestra.runtime.blob.S3BlobStore;
import dev.paperorchestra.schemas.ArtifactRef;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/** The image's server, in this JVM: the agents' own S3 client against it, its probes, its restart. */
class S3ProxyServerTest {

    private static final String BUCKET = "paperorchestra-blobs";

    @TempDir
    Path data;

    private S3ProxyServer.Settings settings() {
        return new S3ProxyServer.Settings("127.0.0.1", 0, 0, data, List.of(BUCKET), "dev-access", "dev-secret");
    }

    private static S3BlobStore client(S3ProxyServer server, String secret) {
        var s3 = new BlobStoreProperties.S3(BUCKET, "dev/", URI.create("http://127.0.0.1:" + server.s3Port()),
                "us-east-1", true, Duration.ofSeconds(5));
        return S3BlobStore.connect(s3, StaticCredentialsProvider.create(AwsBasicCredentials.create("dev-access", secret)));
    }

    @Test
    void the_agents_client_stores_blobs_that_outlive_a_restart_on_the_same_directory() throws Exception {
        ArtifactRef ref;
        try (S3ProxyServer server = S3ProxyServer.start(settings()); S3BlobStore store = client(server, "dev-secret")) {
            ref = store.putText("a draft", "text/plain");
            store.putKeyed("llm-responses", "k1", "cached".getBytes(StandardCharsets.UTF_8));
            assertThat(store.getText(ref)).isEqualTo("a draft");
        }
        // one file per object under <bucket>/<prefix>: what scripts/containers counts after its papers
        try (var files = Files.walk(data.resolve(BUCKET).resolve("dev"))) {
            assertThat(files.filter(Files::isRegularFile)).hasSize(2);
        }
        try (S3ProxyServer server = S3ProxyServer.start(settings()); S3BlobStore store = client(server, "dev-secret")) {
            assertThat(store.getText(ref)).isEqualTo("a draft");
            assertThat(store.getKeyed("llm-responses", "k1")).hasValueSatisfying(
                    bytes -> assertThat(new String(bytes, StandardCharsets.UTF_8)).isEqualTo("cached"));
        }
    }

    @Test
    void a_request_signed_with_another_secret_is_refused() throws Exception {
        try (S3ProxyServer server = S3ProxyServer.start(settings()); S3BlobStore store = client(server, "guessed")) {
            assertThatThrownBy(() -> store.putText("x", "text/plain")).hasMessageContaining(BUCKET);
        }
    }

    @Test
    void probes_and_the_scrape_answer_like_every_other_pod() throws Exception {
        try (S3ProxyServer server = S3ProxyServer.start(settings()); HttpClient http = HttpClient.newHttpClient()) {
            for (String path : List.of("/actuator/health/liveness", "/actuator/health/readiness")) {
                HttpResponse<String> response = get(http, server, path);
                assertThat(response.statusCode()).as(path).isEqualTo(200);
                assertThat(response.body()).as(path).contains("\"UP\"");
            }
            HttpResponse<String> metrics = get(http, server, "/actuator/prometheus");
            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.body()).contains("s3proxy_up{application=\"s3proxy\"} 1")
                    .contains("jvm_memory_used_bytes{application=\"s3proxy\",area=\"heap\"")
                    .contains("jvm_memory_max_bytes{");
        }
    }

    @Test
    void without_an_access_key_it_refuses_to_start() {
        assertThatThrownBy(() -> S3ProxyServer.Settings.fromEnvironment(Map.of("AWS_ACCESS_KEY_ID", "only-the-id")))
                .hasMessageContaining("AWS_SECRET_ACCESS_KEY");
        S3ProxyServer.Settings defaults = S3ProxyServer.Settings.fromEnvironment(
                Map.of("AWS_ACCESS_KEY_ID", "a", "AWS_SECRET_ACCESS_KEY", "b", "PO_S3PROXY_BUCKETS", "one, two,"));
        assertThat(defaults.buckets()).containsExactly("one", "two");
        assertThat(defaults.s3Port()).isEqualTo(9000);
        assertThat(defaults.httpPort()).isEqualTo(8087);
    }

    private static HttpResponse<String> get(HttpClient http, S3ProxyServer server, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.httpPort() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
