package dev.paperorchestra.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C and TERM during {@code po bench}: the first asks the run to stop in order (stop submitting, write what
 * is done, print the command that resumes), the second stops the process at once. A shutdown hook cannot do
 * this: once the JVM is shutting down a second signal is ignored, and the exit cannot wait for a report.
 */
final class SignalStop implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SignalStop.class);
    static final List<String> SIGNALS = List.of("INT", "TERM");

    private final AtomicInteger received = new AtomicInteger();
    private final List<Restore> previous = new ArrayList<>();

    private record Restore(Signal signal, SignalHandler handler) {
    }

    /**
     * @param first  what the first signal does (it must return quickly: it runs on the signal thread)
     * @param second what any later one does
     */
    static SignalStop install(Runnable first, Runnable second) {
        SignalStop stop = new SignalStop();
        for (String name : SIGNALS) {
            try {
                Signal signal = new Signal(name);
                stop.previous.add(new Restore(signal, Signal.handle(signal, s -> {
                    if (stop.received.incrementAndGet() == 1) {
                        first.run();
                    } else {
                        second.run();
                    }
                })));
            } catch (IllegalArgumentException e) {
                // the signal is not there on this platform or is taken (-Xrs): the default handling stays
                log.debug("po bench cannot handle SIG{}: {}", name, e.getMessage());
            }
        }
        return stop;
    }

    /** Signals received so far. */
    int received() {
        return received.get();
    }

    @Override
    public void close() {
        previous.forEach(restore -> Signal.handle(restore.signal(), restore.handler()));
    }
}
