package dev.paperorchestra.literature.verify;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.schemas.ScholarRecord;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The scholarly source the verifier resolves candidates against (Semantic Scholar, or its offline replay).
 * Only the verifier may hold one: the source's rate limit belongs to the whole deployment.
 */
public interface ScholarSource {

    /** Name written on verdict batches and cache entries, e.g. offline-replay or semantic-scholar. */
    String name();

    /**
     * True when the source answers from recorded data inside this process (the offline replay): its lookups
     * cost no request to any scholarly service, so they are counted apart from Semantic Scholar requests and
     * never read as such.
     */
    boolean replay();

    /**
     * The part of the scholar cache this source's answers belong to: the cache is keyed by this scope and the
     * look-up key together. A live service is one scope (its name); a replay store is one scope per recorded
     * content, so two papers with different scholar_records.json never share an answer.
     */
    default String cacheScope() {
        return name();
    }

    /**
     * Resolves identifiers.
     *
     * @param lookupKeys {@code doi:<doi>} or {@code arxiv:<id>} keys (see {@link LookupKeys})
     * @return the records found, by the key that found them; unknown keys are absent
     */
    Map<String, ScholarRecord> resolveByIds(List<String> lookupKeys);

    /** The source's best match for a title, or empty when it has none. */
    Optional<ScholarRecord> matchTitle(String title);

    /**
     * One page of a keyword search over the source (Semantic Scholar's bulk search: up to 1,000 records a
     * request).
     *
     * @param keywords  the query in the bulk search's keyword syntax
     * @param untilYear last publication year wanted, or null for any
     * @param token     the continuation token of the previous page, or null for the first
     * @throws dev.paperorchestra.base.errors.PermanentException when the source has no keyword search
     */
    default BulkSearchPage searchBulk(String keywords, @Nullable Integer untilYear, @Nullable String token) {
        throw new PermanentException("the scholarly source " + name() + " has no keyword search; the s2-bulk"
                + " discovery source needs Semantic Scholar");
    }

    /**
     * One page of a keyword search.
     *
     * @param records the records of the page, in the source's order
     * @param token   the continuation token of the next page, or null when this was the last
     */
    record BulkSearchPage(List<ScholarRecord> records, @Nullable String token) {

        public BulkSearchPage {
            records = List.copyOf(records);
        }
    }

    /**
     * Requests sent so far (retries included), so callers can account what a lookup cost: a title lookup may
     * take two (match, then search) and a retried request more.
     */
    long requestsMade();
}
