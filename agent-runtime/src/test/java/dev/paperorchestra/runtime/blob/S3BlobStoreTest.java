package dev.paperorchestra.runtime.blob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.schemas.ArtifactRef;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/** The S3 store against a real S3 API server (s3proxy) in this JVM, plus S3 error answers from a stub. */
class S3BlobStoreTest extends BlobStoreContract {

    private static final String BUCKET = "po-blobs";
    private static LocalS3Server server;

    private String prefix;

    @BeforeAll
    static void startServer() throws Exception {
        server = LocalS3Server.start(BUCKET);
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    @BeforeEach
    void freshPrefix() {
        prefix = "test-" + UUID.randomUUID() + "/";
    }

    @Override
    protected BlobStore store() {
        return S3BlobStore.connect(server.settings(BUCKET, prefix), LocalS3Server.credentials());
    }

    @Override
    protected BlobStore otherEmptyStore() {
        return S3BlobStore.connect(server.settings(BUCKET, "elsewhere-" + prefix), LocalS3Server.credentials());
    }

    @Override
    protected void overwrite(ArtifactRef ref, byte[] content) {
        String key = ref.getUri().substring(("s3://" + BUCKET + "/").length());
        server.backend().putBlob(BUCKET, server.backend().blobBuilder(key).payload(content).build());
    }

    @Test
    void a_claim_check_names_the_bucket_and_the_key_under_the_prefix() {
        ArtifactRef ref = store().putText("hello", MediaTypes.TEX);

        assertThat(ref.getUri()).isEqualTo("s3://" + BUCKET + "/" + prefix + "2c/" + ref.getSha256());
        assertThat(server.backend().blobExists(BUCKET, prefix + "2c/" + ref.getSha256())).isTrue();
    }

    @Test
    void keyed_entries_live_under_the_prefix() {
        store().putKeyed("llm-cache", "k1", new byte[] {42});

        assertThat(server.backend().blobExists(BUCKET, prefix + "keyed/llm-cache/k1")).isTrue();
    }

    @Test
    void a_missing_bucket_is_permanent_and_named() {
        BlobStore store = S3BlobStore.connect(server.settings("no-such-bucket", prefix), LocalS3Server.credentials());

        assertThatThrownBy(() -> store.putText("x", MediaTypes.TEX)).isInstanceOf(PermanentException.class)
                .hasMessageContaining("bucket 'no-such-bucket'").hasMessageContaining("does not exist")
                .hasMessageContaining("po.blob.s3.bucket");
    }

    @Test
    void refused_credentials_are_permanent_and_say_what_to_check() {
        BlobStore store = S3BlobStore.connect(server.settings(BUCKET, prefix),
                StaticCredentialsProvider.create(AwsBasicCredentials.create(LocalS3Server.ACCESS_KEY, "wrong")));

        assertThatThrownBy(() -> store.putText("x", MediaTypes.TEX)).isInstanceOf(PermanentException.class)
                .hasMessageContaining("HTTP 403").hasMessageContaining("access was refused")
                .hasMessageContaining("credentials");
    }

    @Test
    void an_unreachable_endpoint_is_retriable() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        BlobStore store = S3BlobStore.connect(settingsAt(URI.create("http://127.0.0.1:" + closedPort)),
                LocalS3Server.credentials());

        assertThatThrownBy(() -> store.getKeyed("llm-cache", "k")).isInstanceOf(RetriableException.class)
                .hasMessageContaining("bucket '" + BUCKET + "'");
    }

    @Test
    void throttling_and_server_errors_are_retriable() throws IOException {
        AtomicInteger requests = new AtomicInteger();
        HttpServer stub = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        stub.createContext("/", exchange -> {
            requests.incrementAndGet();
            boolean slowDown = exchange.getRequestURI().getPath().contains("slow");
            byte[] body = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>"
                    + (slowDown ? "SlowDown" : "InternalError") + "</Code><Message>"
                    + (slowDown ? "Please reduce your request rate." : "We encountered an internal error.")
                    + "</Message><RequestId>r1</RequestId></Error>").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/xml");
            exchange.sendResponseHeaders(slowDown ? 503 : 500, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        stub.start();
        try {
            BlobStore store = S3BlobStore.connect(settingsAt(URI.create("http://127.0.0.1:"
                    + stub.getAddress().getPort())), LocalS3Server.credentials());

            assertThatThrownBy(() -> store.getKeyed("llm-cache", "slow")).isInstanceOf(RetriableException.class)
                    .hasMessageContaining("HTTP 503 SlowDown");
            assertThatThrownBy(() -> store.getKeyed("llm-cache", "broken")).isInstanceOf(RetriableException.class)
                    .hasMessageContaining("HTTP 500 InternalError");
            // the SDK's own attempts come first; only then does the record go back to Kafka
            assertThat(requests.get()).isGreaterThan(2);
        } finally {
            stub.stop(0);
        }
    }

    @Test
    void a_write_cut_off_is_permanent_when_the_bucket_is_missing_and_retriable_when_it_is_there() throws IOException {
        AtomicBoolean bucketThere = new AtomicBoolean();
        HttpServer stub = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        stub.createContext("/", exchange -> {
            if (exchange.getRequestMethod().equals("HEAD")) {
                boolean bucket = exchange.getRequestURI().getPath().replaceAll("/$", "").equals("/" + BUCKET);
                // no object is stored: the store looks for one before writing it
                exchange.sendResponseHeaders(bucket && bucketThere.get() ? 200 : 404, -1);
            }
            // a PUT is cut off unanswered, as a server that refuses it before reading the body may do
            exchange.close();
        });
        stub.start();
        try {
            BlobStore store = S3BlobStore.connect(settingsAt(URI.create("http://127.0.0.1:"
                    + stub.getAddress().getPort())), LocalS3Server.credentials());

            assertThatThrownBy(() -> store.putText("x", MediaTypes.TEX)).isInstanceOf(PermanentException.class)
                    .hasMessageContaining("bucket '" + BUCKET + "'").hasMessageContaining("does not exist")
                    .hasMessageContaining("po.blob.s3.bucket");
            bucketThere.set(true);
            assertThatThrownBy(() -> store.putText("x", MediaTypes.TEX)).isInstanceOf(RetriableException.class)
                    .hasMessageContaining("writing");
        } finally {
            stub.stop(0);
        }
    }

    private BlobStoreProperties.S3 settingsAt(URI endpoint) {
        return new BlobStoreProperties.S3(BUCKET, prefix, endpoint, "us-east-1", true, Duration.ofSeconds(2));
    }
}
