package dev.paperorchestra.runtime.streams;

import java.time.Duration;
import java.time.Instant;
import org.apache.avro.specific.SpecificRecord;
import org.jspecify.annotations.Nullable;

/**
 * An aggregation that also acts when nothing arrives: every {@link #checkEvery()} of wall-clock time, each paper
 * it holds state for is shown the time, so a deadline (an approval gate's timeout) passes without a record to
 * trigger it and without a thread waiting for it. Runs on the Streams thread inside the same exactly-once
 * transactions as the records, so a step taken on the clock is taken once.
 */
public interface TimedPaperAggregation<S extends SpecificRecord> extends PaperAggregation<S> {

    /** How often the held states are shown the time; a deadline is noticed at most this late. */
    Duration checkEvery();

    /**
     * What the time changes for one paper.
     *
     * @return the step to take, or null when nothing changes (the state is kept as it is, nothing is emitted)
     */
    @Nullable Step<S> onClock(String paperId, S state, Instant now);
}
