package dev.paperorchestra.runtime.blob;

import dev.paperorchestra.schemas.ArtifactRef;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Blob store in an S3 bucket (AWS or any S3-compatible service): {@code <prefix>/ab/abcdef...} for
 * content-addressed blobs and {@code <prefix>/keyed/<namespace>/<key>} for keyed entries. An S3 PUT replaces
 * an object atomically, so readers never see half a blob; content is checked against its SHA-256 on every read.
 * Failures leave as the runtime's taxonomy: throttling, 5xx and timeouts are retriable, a missing bucket or a
 * refused credential is permanent (see {@link S3Failures}).
 */
public final class S3BlobStore implements BlobStore, AutoCloseable {

    private final S3Client client;
    private final String bucket;
    private final String prefix;
    private final S3Failures failures;

    /**
     * @param prefix key prefix inside the bucket, without a leading slash; empty for the bucket's root
     * @param where  the endpoint as a person should read it in error messages
     */
    public S3BlobStore(S3Client client, String bucket, String prefix, String where) {
        this.client = client;
        this.bucket = bucket;
        this.prefix = prefix.isEmpty() || prefix.endsWith("/") ? prefix : prefix + "/";
        this.failures = new S3Failures(bucket, where);
    }

    /**
     * A store on the configured bucket; the credentials normally come from the AWS default chain (environment,
     * system properties, profile, web identity, container or instance role).
     */
    public static S3BlobStore connect(BlobStoreProperties.S3 settings, AwsCredentialsProvider credentials) {
        S3ClientBuilder builder = S3Client.builder()
                .httpClientBuilder(UrlConnectionHttpClient.builder().connectionTimeout(settings.timeout())
                        .socketTimeout(settings.timeout()))
                .overrideConfiguration(override -> override.apiCallAttemptTimeout(settings.timeout()))
                .region(Region.of(settings.region()))
                .credentialsProvider(credentials)
                .forcePathStyle(settings.pathStyleAccess())
                // S3-compatible services differ in the newer flexible checksums; every read is checked against
                // the blob's SHA-256 anyway
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        URI endpoint = settings.endpoint();
        if (endpoint != null) {
            builder.endpointOverride(endpoint);
        }
        String where = endpoint == null ? "AWS S3 " + settings.region() : endpoint.toString();
        return new S3BlobStore(builder.build(), Objects.requireNonNull(settings.bucket(), "po.blob.s3.bucket"),
                settings.prefix(), where);
    }

    @Override
    public ArtifactRef put(byte[] content, String mediaType) {
        String sha = BlobKeys.sha256(content);
        String key = blobKey(sha);
        // equal content has one address: a redelivered event finds its blob and uploads nothing
        if (!exists(key)) {
            write(key, content, mediaType);
        }
        return ArtifactRef.newBuilder().setUri("s3://" + bucket + "/" + key).setSha256(sha)
                .setSizeBytes(content.length).setMediaType(mediaType).build();
    }

    @Override
    public byte[] get(ArtifactRef ref) {
        String key = blobKey(BlobKeys.checkedSha(ref.getSha256()));
        byte[] content = read(key).orElseThrow(() -> new BlobNotFoundException("blob " + ref.getSha256() + " ("
                + ref.getMediaType() + ") is not in the store at s3://" + bucket + "/" + prefix));
        return BlobKeys.verified(content, ref.getSha256(), "s3://" + bucket + "/" + key);
    }

    @Override
    public void putKeyed(String namespace, String key, byte[] content) {
        write(keyedKey(namespace, key), content, MediaTypes.OCTETS);
    }

    @Override
    public Optional<byte[]> getKeyed(String namespace, String key) {
        return read(keyedKey(namespace, key));
    }

    @Override
    public void close() {
        client.close();
    }

    private String blobKey(String sha) {
        return prefix + sha.substring(0, 2) + "/" + sha;
    }

    private String keyedKey(String namespace, String key) {
        BlobKeys.checkKeyed(namespace, key);
        return prefix + "keyed/" + namespace + "/" + key;
    }

    private boolean exists(String key) {
        try {
            client.headObject(request -> request.bucket(bucket).key(key));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        } catch (S3Exception e) {
            // HEAD answers carry no error body: a plain 404 is a missing key (a missing bucket fails the PUT)
            if (e.statusCode() == 404) {
                return false;
            }
            throw failures.translate(e, "checking " + key);
        } catch (SdkException e) {
            throw failures.translate(e, "checking " + key);
        }
    }

    private void write(String key, byte[] content, String mediaType) {
        try {
            client.putObject(request -> request.bucket(bucket).key(key).contentType(mediaType)
                    .contentLength((long) content.length), RequestBody.fromBytes(content));
        } catch (SdkClientException e) {
            // a server may answer a PUT into a missing bucket before it reads the body and close the connection,
            // which the client reports as a failed write: ask the bucket before calling the failure retriable
            throw bucketExists() ? failures.translate(e, "writing " + key)
                    : failures.missingBucket("writing " + key, e);
        } catch (SdkException e) {
            throw failures.translate(e, "writing " + key);
        }
    }

    /** False only when S3 answers that the bucket does not exist; any other failure leaves the question open. */
    private boolean bucketExists() {
        try {
            client.headBucket(request -> request.bucket(bucket));
            return true;
        } catch (S3Exception e) {
            return e.statusCode() != 404;
        } catch (SdkException e) {
            return true;
        }
    }

    private Optional<byte[]> read(String key) {
        try {
            return Optional.of(client.getObjectAsBytes(request -> request.bucket(bucket).key(key)).asByteArray());
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (SdkException e) {
            throw failures.translate(e, "reading " + key);
        }
    }
}
