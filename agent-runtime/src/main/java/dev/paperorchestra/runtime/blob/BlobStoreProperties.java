package dev.paperorchestra.runtime.blob;

import jakarta.validation.Valid;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where artifacts live.
 *
 * @param type the store kind: {@code local}, a directory shared by every agent of a deployment (the embedded
 *             default), or {@code s3}, a bucket on AWS S3 or any S3-compatible service
 * @param root root directory of the local store
 * @param s3   the bucket of the S3 store
 */
@Validated
@ConfigurationProperties("po.blob")
public record BlobStoreProperties(
        @DefaultValue("local") @NotNull Type type,
        @DefaultValue(".po-state/blobs") @NotNull Path root,
        @DefaultValue @Valid @NotNull S3 s3) {

    public enum Type { LOCAL, S3 }

    /**
     * An S3 bucket. Credentials are not configured here: they come from the AWS SDK's default chain
     * ({@code AWS_ACCESS_KEY_ID}/{@code AWS_SECRET_ACCESS_KEY}, a profile, web identity, a container or
     * instance role).
     *
     * @param bucket          the bucket; required with {@code po.blob.type=s3}
     * @param prefix          key prefix inside the bucket, so one bucket can hold several deployments
     * @param endpoint        endpoint of an S3-compatible service (MinIO, Ceph, s3proxy...); unset for AWS
     * @param region          signing region (S3-compatible services mostly accept any)
     * @param pathStyleAccess address the bucket as {@code endpoint/bucket/key} instead of a virtual host;
     *                        most S3-compatible services need it
     * @param timeout         connect, read and per-attempt timeout of one request
     */
    public record S3(
            @Nullable @Pattern(regexp = "[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]",
                    message = "is not an S3 bucket name (3-63 lower-case letters, digits, '.' and '-')")
            String bucket,
            @DefaultValue("paperorchestra/") @NotNull @Pattern(regexp = "([A-Za-z0-9!_.*'()-]+/)*([A-Za-z0-9!_.*'()-]+)?",
                    message = "is a key prefix without a leading slash, e.g. 'paperorchestra/' or 'team-a/po/'")
            String prefix,
            @Nullable URI endpoint,
            @DefaultValue("us-east-1") @NotBlank String region,
            @DefaultValue("false") boolean pathStyleAccess,
            @DefaultValue("30s") @NotNull Duration timeout) {

        @AssertTrue(message = "po.blob.s3.endpoint must be an http or https URL")
        public boolean isEndpointHttp() {
            return endpoint == null || "http".equals(endpoint.getScheme()) || "https".equals(endpoint.getScheme());
        }

        @AssertTrue(message = "po.blob.s3.timeout must be positive")
        public boolean isTimeoutPositive() {
            return timeout.isPositive();
        }
    }

    /** An S3 store without a bucket would fail on its first paper; refuse it at start-up instead. */
    @AssertTrue(message = "po.blob.s3.bucket must be set when po.blob.type is s3")
    public boolean isBucketGivenForS3() {
        return type != Type.S3 || s3.bucket() != null;
    }
}
