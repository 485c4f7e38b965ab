package dev.paperorchestra.literature.verify;

import dev.paperorchestra.literature.replay.ScholarReplayStore;
import dev.paperorchestra.schemas.ScholarRecord;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The scholarly source of offline jobs: recorded Semantic Scholar answers. It answers as the title-match
 * endpoint does, with the single best match, and like it has no match for titles that are nowhere close.
 */
public final class OfflineScholarReplay implements ScholarSource {

    public static final String NAME = "offline-replay";
    /** Below this similarity the replay answers "no match", as the live match endpoint would. */
    static final double MATCH_FLOOR = 50.0;

    private final List<ScholarRecord> records;
    private final Map<String, ScholarRecord> byId = new HashMap<>();
    private final AtomicLong requests = new AtomicLong();
    private final String cacheScope;

    public OfflineScholarReplay(ScholarReplayStore store) {
        this.records = store.records();
        this.cacheScope = NAME + "@" + store.digest();
        for (ScholarRecord record : records) {
            LookupKeys.doi(record.getDoi()).ifPresent(key -> byId.putIfAbsent(key, record));
            LookupKeys.arxiv(record.getArxivId()).ifPresent(key -> byId.putIfAbsent(key, record));
            LookupKeys.s2(record.getScholarId()).ifPresent(key -> byId.putIfAbsent(key, record));
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean replay() {
        return true;
    }

    /** {@code offline-replay@<digest of the records>}: a recorded answer holds for the store it came from only. */
    @Override
    public String cacheScope() {
        return cacheScope;
    }

    @Override
    public Map<String, ScholarRecord> resolveByIds(List<String> lookupKeys) {
        requests.incrementAndGet();
        Map<String, ScholarRecord> found = new LinkedHashMap<>();
        for (String key : lookupKeys) {
            ScholarRecord record = byId.get(key);
            if (record != null) {
                found.put(key, record);
            }
        }
        return found;
    }

    @Override
    public Optional<ScholarRecord> matchTitle(String title) {
        requests.incrementAndGet();
        return records.stream()
                .map(record -> Map.entry(record, TitleSimilarity.ratio(title, record.getTitle())))
                .filter(scored -> scored.getValue() >= MATCH_FLOOR)
                .max(Comparator.comparingDouble((Map.Entry<ScholarRecord, Double> scored) -> scored.getValue())
                        .thenComparing(scored -> scored.getKey().getScholarId(), Comparator.reverseOrder()))
                .map(Map.Entry::getKey);
    }

    @Override
    public long requestsMade() {
        return requests.get();
    }
}
