package dev.paperorchestra.literature.discovery;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Which sources answer offline and model jobs. The offline model decides nothing about the scholarly APIs:
 * offline jobs search the replay store, plus OpenAlex when its endpoint was given explicitly and Semantic
 * Scholar's bulk search when it is configured and the Semantic Scholar endpoint was given explicitly (without
 * the replay store when it has no records and one of those is there). Model jobs combine the configured kinds.
 */
public final class DiscoveryPlan {

    private DiscoveryPlan() {
    }

    /**
     * @param explicitOpenAlex OpenAlex when its endpoint was given explicitly, else null
     * @param explicitS2Bulk   Semantic Scholar's bulk search when s2-bulk is a configured source and the Semantic
     *                         Scholar endpoint was given explicitly (offline jobs are then verified against it),
     *                         else null
     */
    public static DiscoverySource offline(DiscoverySource replay, boolean replayHasRecords,
            @Nullable DiscoverySource explicitOpenAlex, @Nullable DiscoverySource explicitS2Bulk) {
        List<DiscoverySource> sources = new ArrayList<>();
        if (replayHasRecords || (explicitOpenAlex == null && explicitS2Bulk == null)) {
            sources.add(replay);
        }
        if (explicitOpenAlex != null) {
            sources.add(explicitOpenAlex);
        }
        if (explicitS2Bulk != null) {
            sources.add(explicitS2Bulk);
        }
        return CombinedDiscovery.of(sources);
    }

    public static DiscoverySource model(List<DiscoveryKind> kinds, Function<DiscoveryKind, DiscoverySource> create) {
        return CombinedDiscovery.of(kinds.stream().distinct().map(create).toList());
    }
}
