package dev.paperorchestra.runtime.blob;

import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.blobstore.TransientApiMetadata;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/**
 * A real S3 API server inside the test JVM: s3proxy over jclouds' in-memory ("transient") backend, checking
 * AWS signature v4 with its own access key. Other modules' tests reuse it through agent-runtime's test jar.
 */
public final class LocalS3Server implements AutoCloseable {

    public static final String ACCESS_KEY = "po-test-access";
    public static final String SECRET_KEY = "po-test-secret";

    private final BlobStoreContext context;
    private final S3Proxy proxy;

    private LocalS3Server(BlobStoreContext context, S3Proxy proxy) {
        this.context = context;
        this.proxy = proxy;
    }

    /** Starts on a free port with the given buckets created. */
    public static LocalS3Server start(String... buckets) throws Exception {
        BlobStoreContext context = ContextBuilder.newBuilder(new TransientApiMetadata()).credentials("unused", "unused")
                .build(BlobStoreContext.class);
        for (String bucket : buckets) {
            context.getBlobStore().createContainerInLocation(null, bucket);
        }
        S3Proxy proxy = S3Proxy.builder().blobStore(context.getBlobStore())
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY).build();
        proxy.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> "STARTED".equals(proxy.getState()));
        return new LocalS3Server(context, proxy);
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + proxy.getPort());
    }

    public static StaticCredentialsProvider credentials() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY));
    }

    /** Settings of a store on this server, with path-style access as S3-compatible services need. */
    public BlobStoreProperties.S3 settings(String bucket, String prefix) {
        return new BlobStoreProperties.S3(bucket, prefix, endpoint(), "us-east-1", true, Duration.ofSeconds(5));
    }

    /** Direct access to the stored objects, for tests that tamper with them. */
    public org.jclouds.blobstore.BlobStore backend() {
        return context.getBlobStore();
    }

    @Override
    public void close() throws Exception {
        proxy.stop();
        context.close();
    }
}
