package dev.paperorchestra.runtime.figures;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a parse of untrusted bytes (PDFBox, ImageIO) on a thread of its own, with a stack of known size and a
 * time limit, and turns every way it can end badly, {@link StackOverflowError} and {@link OutOfMemoryError}
 * included, into a {@link Outcome.Failed} with a reason. The caller's thread (a Kafka Streams thread, a
 * listener, a request) only ever waits, so a recursive-descent parser that overflows on 200,000 nested arrays
 * costs the parse, not the application.
 *
 * <p>A parse that outlives its limit is interrupted and abandoned (PDFBox does not always notice an
 * interrupt). Abandoned parses still hold a permit until they end, so a flood of hostile files cannot pile up
 * threads without bound: when every permit is held, the next parse fails at once as busy.
 */
public final class BoundedParse {

    /** What a bounded parse came to. */
    public sealed interface Outcome<T> {

        /** The parse returned a value. */
        record Done<T>(T value) implements Outcome<T> {
        }

        /** The parse failed, overflowed, ran out of memory, or took too long; the reason is for people. */
        record Failed<T>(String reason) implements Outcome<T> {
        }
    }

    /**
     * Enough for every real figure (PDFBox recurses once per nesting level of arrays and dictionaries), small
     * enough that a hostile nesting overflows fast and cheaply instead of eating a larger default stack.
     */
    static final long STACK_BYTES = 4L * 1024 * 1024;
    static final int MAX_CONCURRENT = 4;
    /** The start of every reason that says nothing about the bytes (busy, interrupted): worth trying again. */
    public static final String NOT_PARSED = "was not parsed: ";

    private static final Semaphore PERMITS = new Semaphore(MAX_CONCURRENT);
    private static final AtomicInteger THREADS = new AtomicInteger();

    private BoundedParse() {
    }

    /**
     * @param what what is parsed, for the thread name only (never a path or a paper's content)
     * @param limit the time after which the parse is abandoned
     */
    public static <T> Outcome<T> run(String what, Duration limit, Callable<T> parse) {
        try {
            if (!PERMITS.tryAcquire(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                return new Outcome.Failed<>(NOT_PARSED + MAX_CONCURRENT + " parses were already running");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome.Failed<>(NOT_PARSED + "interrupted");
        }
        CompletableFuture<Outcome<T>> result = new CompletableFuture<>();
        Thread thread = new Thread(null, () -> {
            try {
                result.complete(new Outcome.Done<>(parse.call()));
            } catch (StackOverflowError e) {
                result.complete(new Outcome.Failed<>("is nested too deeply to parse (stack overflow)"));
            } catch (OutOfMemoryError e) {
                result.complete(new Outcome.Failed<>("needs more memory than a figure may use"));
            } catch (Throwable e) {
                // any other failure of the parser, checked or not, is a property of the bytes
                result.complete(new Outcome.Failed<>(describe(e)));
            } finally {
                PERMITS.release();
            }
        }, "bounded-parse-" + what + "-" + THREADS.incrementAndGet(), STACK_BYTES);
        thread.setDaemon(true);
        try {
            thread.start();
        } catch (Throwable e) {
            PERMITS.release();
            return new Outcome.Failed<>(NOT_PARSED + "no thread could be started (" + e.getClass().getSimpleName()
                    + ")");
        }
        try {
            return result.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            thread.interrupt();
            return new Outcome.Failed<>("took longer than " + limit.toSeconds() + " s to parse");
        } catch (InterruptedException e) {
            thread.interrupt();
            Thread.currentThread().interrupt();
            return new Outcome.Failed<>(NOT_PARSED + "interrupted");
        } catch (ExecutionException e) {
            return new Outcome.Failed<>(describe(e.getCause()));
        }
    }

    /**
     * The failure's kind only: parser messages can quote the hostile bytes, and the reason travels to the
     * paper's status, the writer and its model.
     */
    static String describe(Throwable failure) {
        if (failure instanceof RejectedFigureException rejected) {
            return rejected.getMessage();
        }
        return "cannot be parsed (" + failure.getClass().getSimpleName() + ")";
    }
}
