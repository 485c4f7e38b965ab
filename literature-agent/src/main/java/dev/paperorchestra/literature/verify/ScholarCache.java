package dev.paperorchestra.literature.verify;

import dev.paperorchestra.schemas.ScholarRecord;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The verifier's memory of scholarly answers (backed by the compacted scholar-cache topic), so a paper
 * already resolved, in this run or an earlier one, costs no request. Answers are kept per source's cache scope
 * and look-up key: a recorded offline answer must never stand in for the live service, nor the reverse, nor
 * one job's recorded answer for another job's.
 */
public interface ScholarCache {

    /**
     * A remembered answer, or empty when the source was never asked.
     *
     * @param source    the source's cache scope (see {@link ScholarSource#cacheScope()})
     * @param lookupKey a {@link LookupKeys} key
     */
    Optional<Answer> find(String source, String lookupKey);

    /** Remembers an answer (a record, or the source's "no match"). */
    void remember(String source, String lookupKey, @Nullable ScholarRecord record);

    /** One remembered answer; a null record is a remembered "no match". */
    record Answer(@Nullable ScholarRecord record) {
    }

    /** A cache that remembers nothing, for sources whose answers cost nothing. */
    ScholarCache NONE = new ScholarCache() {
        @Override
        public Optional<Answer> find(String source, String lookupKey) {
            return Optional.empty();
        }

        @Override
        public void remember(String source, String lookupKey, @Nullable ScholarRecord record) {
        }
    };
}
