package dev.paperorchestra.s3proxy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobApiMetadata;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * s3proxy as the blob store of a development deployment: the S3 API (AWS signature v2/v4 with one access key)
 * over a directory (s3proxy's filesystem-nio2 backend, so blobs survive a restart of the container), the buckets
 * the deployment uses created at start (the agents never create one), and on a second port the endpoints every
 * pod of the deployment answers: {@code /actuator/health/liveness}, {@code /actuator/health/readiness} and
 * {@code /actuator/prometheus}.
 *
 * <p>Configured from the environment only ({@link Settings#fromEnvironment}), as the dev overlay's Deployment
 * configures it; the access key pair is the one the agents read from the same Secret.
 */
public final class S3ProxyServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(S3ProxyServer.class);

    private final Settings settings;
    private final BlobStoreContext context;
    private final S3Proxy proxy;
    private final HttpServer actuator;
    private final Instant started = Instant.now();
    private final AtomicLong scrapes = new AtomicLong();

    private S3ProxyServer(Settings settings, BlobStoreContext context, S3Proxy proxy, HttpServer actuator) {
        this.settings = settings;
        this.context = context;
        this.proxy = proxy;
        this.actuator = actuator;
    }

    /**
     * Where and how to serve.
     *
     * @param address   the address both ports bind to
     * @param s3Port    the S3 API's port ({@code 0}: any free one)
     * @param httpPort  the probes' and scrape's port ({@code 0}: any free one)
     * @param dataDir   the directory holding one subdirectory per bucket
     * @param buckets   buckets created at start when missing
     * @param accessKey the access key id every request must be signed with
     * @param secretKey its secret
     */
    public record Settings(String address, int s3Port, int httpPort, Path dataDir, List<String> buckets,
            String accessKey, String secretKey) {

        public Settings {
            if (accessKey.isBlank() || secretKey.isBlank()) {
                // an S3 endpoint without authentication would hand every blob to anyone who reaches the port
                throw new IllegalArgumentException("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set");
            }
            buckets = List.copyOf(buckets);
        }

        /**
         * {@code PO_S3PROXY_ADDRESS} (0.0.0.0), {@code PO_S3PROXY_PORT} (9000), {@code PO_S3PROXY_HTTP_PORT}
         * (8087), {@code PO_S3PROXY_DATA_DIR} (/var/lib/paperorchestra/s3proxy), {@code PO_S3PROXY_BUCKETS}
         * (comma-separated, paperorchestra-blobs), {@code AWS_ACCESS_KEY_ID}, {@code AWS_SECRET_ACCESS_KEY}.
         */
        public static Settings fromEnvironment(Map<String, String> env) {
            return new Settings(env.getOrDefault("PO_S3PROXY_ADDRESS", "0.0.0.0"),
                    Integer.parseInt(env.getOrDefault("PO_S3PROXY_PORT", "9000")),
                    Integer.parseInt(env.getOrDefault("PO_S3PROXY_HTTP_PORT", "8087")),
                    Path.of(env.getOrDefault("PO_S3PROXY_DATA_DIR", "/var/lib/paperorchestra/s3proxy")),
                    List.of(env.getOrDefault("PO_S3PROXY_BUCKETS", "paperorchestra-blobs").split(",")).stream()
                            .map(String::strip).filter(b -> !b.isEmpty()).toList(),
                    env.getOrDefault("AWS_ACCESS_KEY_ID", ""), env.getOrDefault("AWS_SECRET_ACCESS_KEY", ""));
        }
    }

    public static S3ProxyServer start(Settings settings) throws Exception {
        Files.createDirectories(settings.dataDir());
        Properties overrides = new Properties();
        overrides.setProperty("jclouds.filesystem.basedir", settings.dataDir().toString());
        BlobStoreContext context = ContextBuilder.newBuilder(new FilesystemNio2BlobApiMetadata())
                .credentials("unused", "unused").overrides(overrides).build(BlobStoreContext.class);
        for (String bucket : settings.buckets()) {
            if (context.getBlobStore().createContainerInLocation(null, bucket)) {
                LOG.info("created bucket {}", bucket);
            }
        }
        S3Proxy proxy = S3Proxy.builder().blobStore(context.getBlobStore())
                .endpoint(URI.create("http://" + settings.address() + ":" + settings.s3Port()))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, settings.accessKey(), settings.secretKey())
                .build();
        proxy.start();
        HttpServer actuator = HttpServer.create(new InetSocketAddress(settings.address(), settings.httpPort()), 16);
        S3ProxyServer server = new S3ProxyServer(settings, context, proxy, actuator);
        actuator.createContext("/actuator/health/liveness", exchange -> server.health(exchange, server.alive()));
        actuator.createContext("/actuator/health/readiness", exchange -> server.health(exchange, server.ready()));
        actuator.createContext("/actuator/prometheus", server::metrics);
        actuator.start();
        return server;
    }

    /** Alive until s3proxy's server failed or stopped: a restart is the only cure then. */
    boolean alive() {
        String state = proxy.getState();
        return !"FAILED".equals(state) && !"STOPPED".equals(state);
    }

    /** Ready once s3proxy serves and the data directory takes writes. */
    boolean ready() {
        return "STARTED".equals(proxy.getState()) && Files.isWritable(settings.dataDir());
    }

    public int s3Port() {
        return proxy.getPort();
    }

    public int httpPort() {
        return actuator.getAddress().getPort();
    }

    private void health(HttpExchange exchange, boolean up) throws IOException {
        respond(exchange, up ? 200 : 503, "application/json", "{\"status\":\"" + (up ? "UP" : "DOWN") + "\"}");
    }

    /** What a dashboard and the heap alert need, in Prometheus' text format, named as Micrometer names them. */
    private void metrics(HttpExchange exchange) throws IOException {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        String tags = "application=\"s3proxy\"";
        String heapTags = tags + ",area=\"heap\",id=\"heap\"";
        StringBuilder text = new StringBuilder()
                .append("# TYPE s3proxy_up gauge\n")
                .append("s3proxy_up{").append(tags).append("} ").append(ready() ? 1 : 0).append('\n')
                .append("# TYPE jvm_memory_used_bytes gauge\n")
                .append("jvm_memory_used_bytes{").append(heapTags).append("} ").append(heap.getUsed()).append('\n')
                .append("# TYPE jvm_memory_max_bytes gauge\n")
                .append("jvm_memory_max_bytes{").append(heapTags).append("} ").append(heap.getMax()).append('\n')
                .append("# TYPE s3proxy_data_usable_bytes gauge\n")
                .append("s3proxy_data_usable_bytes{").append(tags).append("} ")
                .append(Files.getFileStore(settings.dataDir()).getUsableSpace()).append('\n')
                .append("# TYPE process_uptime_seconds gauge\n")
                .append("process_uptime_seconds{").append(tags).append("} ")
                .append(Duration.between(started, Instant.now()).toSeconds()).append('\n')
                .append("# TYPE s3proxy_scrapes_total counter\n")
                .append("s3proxy_scrapes_total{").append(tags).append("} ").append(scrapes.incrementAndGet())
                .append('\n');
        respond(exchange, 200, "text/plain; version=0.0.4; charset=utf-8", text.toString());
    }

    private static void respond(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() throws Exception {
        actuator.stop(0);
        proxy.stop();
        context.close();
    }

    public static void main(String[] args) throws Exception {
        Settings settings = Settings.fromEnvironment(System.getenv());
        S3ProxyServer server = start(settings);
        // tini forwards the kubelet's SIGTERM; stop accepting before the pod goes
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (Exception e) {
                LOG.warn("s3proxy did not stop cleanly: {}", e.toString());
            }
        }, "s3proxy-shutdown"));
        LOG.info("s3proxy serving S3 on {}:{} (buckets {}, data in {}), probes and metrics on port {}",
                settings.address(), server.s3Port(), settings.buckets(), settings.dataDir(), server.httpPort());
    }
}
