package dev.paperorchestra.gateway.core;

import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.gateway.provider.ProviderEndpoint;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * At most {@code limit} requests in flight per provider server from this instance, whatever the role or model:
 * a provider's rate limits and a local server's capacity belong to the server. A caller waits for a place up
 * to {@code maxWait}; past that the stage is redelivered later instead of piling up.
 */
final class ProviderBulkheads {

    private final int limit;
    private final Duration maxWait;
    private final Map<String, Semaphore> permits = new ConcurrentHashMap<>();

    ProviderBulkheads(int limit, Duration maxWait) {
        this.limit = limit;
        this.maxWait = maxWait;
    }

    <T> T run(ProviderEndpoint endpoint, Supplier<T> call) {
        Semaphore semaphore = permits.computeIfAbsent(endpoint.server(), server -> new Semaphore(limit, true));
        boolean acquired;
        try {
            acquired = semaphore.tryAcquire(maxWait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RetriableException("interrupted while waiting for a free slot at " + endpoint, e);
        }
        if (!acquired) {
            throw new RetriableException("no free slot at " + endpoint + " within " + maxWait.toSeconds()
                    + " s (po.llm.max-concurrency=" + limit + ")");
        }
        try {
            return call.get();
        } finally {
            semaphore.release();
        }
    }
}
