package dev.paperorchestra.bench.simulate;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stub's hold point: while held, arriving requests wait unanswered, so a test or script can kill or freeze the
 * caller with no answer half-delivered. Abandoned requests are turned away with 503 and counted nowhere: their
 * caller was killed, or frozen while a standby took its work over, so an answer now would be counted as given
 * and reach no one, or a caller that no longer owns the work. A 503, not a closed connection, because an HTTP
 * client silently sends an idempotent request again when its connection closes before the answer (the JDK's
 * does, for GET): a thawed caller would then be answered behind its own back.
 */
public final class RequestGate {

    /** The status an abandoned request is answered with. */
    static final int ABANDONED = 503;

    private final AtomicInteger waiting = new AtomicInteger();
    private volatile CompletableFuture<Void> gate = CompletableFuture.completedFuture(null);

    /** From now on requests wait at {@link #pass}; those already past it finish. */
    public synchronized void hold() {
        if (gate.isDone()) {
            gate = new CompletableFuture<>();
        }
    }

    /** Lets the held requests and every later one through. */
    public synchronized void release() {
        gate.complete(null);
    }

    /** Turns the held requests away (the server answers them 503) and lets every later one through. */
    public synchronized void abandonHeld() {
        gate.cancel(false);
        gate = CompletableFuture.completedFuture(null);
    }

    /** Requests waiting at the hold now. */
    public int held() {
        return waiting.get();
    }

    /**
     * Waits while the gate is held.
     *
     * @return false when the request was abandoned: the server answers it {@link #ABANDONED} and counts nothing
     */
    boolean pass() {
        waiting.incrementAndGet();
        try {
            gate.join();
            return true;
        } catch (CancellationException abandoned) {
            return false;
        } finally {
            waiting.decrementAndGet();
        }
    }
}
