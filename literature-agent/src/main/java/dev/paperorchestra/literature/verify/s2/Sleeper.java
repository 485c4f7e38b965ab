package dev.paperorchestra.literature.verify.s2;

import java.time.Duration;

/** Waits; injected so back-off and spacing can be tested without waiting. */
@FunctionalInterface
public interface Sleeper {

    Sleeper SYSTEM = duration -> Thread.sleep(duration);

    void sleep(Duration duration) throws InterruptedException;
}
