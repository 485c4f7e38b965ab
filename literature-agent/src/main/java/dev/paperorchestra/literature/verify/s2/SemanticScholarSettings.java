package dev.paperorchestra.literature.verify.s2;

import java.net.URI;
import java.time.Duration;

/**
 * How the client reaches Semantic Scholar.
 *
 * @param baseUrl      API root (the Graph API paths are appended)
 * @param apiKey       {@code x-api-key} value, empty for none
 * @param maxAttempts  attempts of one request answered 429/5xx or failing in transport
 * @param retryBackoff first back-off without Retry-After, doubled per attempt
 * @param maxBackoff   longest wait between attempts
 * @param timeout      connect and response timeout
 */
public record SemanticScholarSettings(URI baseUrl, String apiKey, int maxAttempts, Duration retryBackoff,
        Duration maxBackoff, Duration timeout) {

    @Override
    public String toString() {
        // the key stays out of logs and exception messages
        return "SemanticScholarSettings[baseUrl=" + baseUrl + ", apiKey=" + (apiKey.isEmpty() ? "none" : "***")
                + ", maxAttempts=" + maxAttempts + "]";
    }
}
