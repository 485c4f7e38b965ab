package dev.paperorchestra.cli;

import java.util.concurrent.CountDownLatch;

/**
 * For a command that serves until Ctrl-C or TERM: {@link #stopRequested} opens when the JVM starts shutting down,
 * and the shutdown waits until the command has closed what it serves ({@link #close}), so a broker or a stub is
 * stopped cleanly rather than cut off by the exit.
 */
public final class ShutdownLatch implements AutoCloseable {

    private final CountDownLatch stop = new CountDownLatch(1);
    private final CountDownLatch stopped = new CountDownLatch(1);

    private ShutdownLatch() {
    }

    /** Registers the shutdown hook; close the latch when done serving. */
    public static ShutdownLatch register() {
        ShutdownLatch latch = new ShutdownLatch();
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
            latch.stop.countDown();
            try {
                latch.stopped.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        return latch;
    }

    /** Opens when the JVM is asked to stop. */
    public CountDownLatch stopRequested() {
        return stop;
    }

    /** Done serving: lets the shutdown go on. */
    @Override
    public void close() {
        stopped.countDown();
    }
}
