package dev.paperorchestra.base.http;

import java.time.Duration;

/**
 * Waits between attempts of an outside call; injected so back-off, {@code Retry-After} and request spacing are
 * tested without waiting.
 */
@FunctionalInterface
public interface Sleeper {

    Sleeper SYSTEM = duration -> Thread.sleep(duration);

    void sleep(Duration duration) throws InterruptedException;
}
