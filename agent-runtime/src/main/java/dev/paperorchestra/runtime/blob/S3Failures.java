package dev.paperorchestra.runtime.blob;

import dev.paperorchestra.base.errors.AgentException;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.errors.RetriableException;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Maps what the S3 SDK throws (after its own retries) onto the runtime's taxonomy, with a message that says
 * what to fix when retrying cannot help.
 */
final class S3Failures {

    private static final Set<String> REFUSED_CREDENTIALS = Set.of("AccessDenied", "InvalidAccessKeyId",
            "SignatureDoesNotMatch", "ExpiredToken", "InvalidToken", "AllAccessDisabled");

    private final String bucket;
    private final String where;

    S3Failures(String bucket, String where) {
        this.bucket = bucket;
        this.where = where;
    }

    AgentException translate(SdkException e, String action) {
        String what = describe(action);
        if (e instanceof AwsServiceException service) {
            return translateAnswer(service, what);
        }
        if (e instanceof SdkClientException && isMissingCredentials(e)) {
            return new PermanentException(what + " failed: no AWS credentials were found (set AWS_ACCESS_KEY_ID and"
                    + " AWS_SECRET_ACCESS_KEY, a profile, or a web identity token)", e);
        }
        if (e instanceof SdkClientException || e instanceof AbortedException) {
            // refused connections, resets, call and attempt timeouts
            return new RetriableException(what + " failed: " + e.getMessage(), e);
        }
        return new PermanentException(what + " failed: " + e.getMessage(), e);
    }

    private AgentException translateAnswer(AwsServiceException e, String what) {
        int status = e.statusCode();
        String code = e.awsErrorDetails() == null || e.awsErrorDetails().errorCode() == null
                ? "" : e.awsErrorDetails().errorCode();
        String answer = "S3 answered HTTP " + status + (code.isEmpty() ? "" : " " + code);
        if (e.isThrottlingException() || status >= 500 || status == 408) {
            return new RetriableException(what + " failed: " + answer + "; it is retried", e);
        }
        if ("NoSuchBucket".equals(code)) {
            return bucketMissing(what, e);
        }
        if (status == 403 || REFUSED_CREDENTIALS.contains(code)) {
            return new PermanentException(what + " failed: " + answer + ", access was refused; check the"
                    + " credentials of the AWS default chain and the bucket's policy", e);
        }
        return new PermanentException(what + " failed: " + answer, e);
    }

    /** The bucket does not exist: permanent, with the property to correct. */
    PermanentException missingBucket(String action, Exception cause) {
        return bucketMissing(describe(action), cause);
    }

    private String describe(String action) {
        return "S3 blob store (bucket '" + bucket + "' at " + where + "): " + action;
    }

    private static PermanentException bucketMissing(String what, Exception cause) {
        return new PermanentException(what + " failed: the bucket does not exist; create it or correct"
                + " po.blob.s3.bucket", cause);
    }

    private static boolean isMissingCredentials(SdkException e) {
        // the default chain reports "Unable to load credentials from any of the providers in the chain"
        return e.getMessage() != null && e.getMessage().startsWith("Unable to load credentials");
    }
}
