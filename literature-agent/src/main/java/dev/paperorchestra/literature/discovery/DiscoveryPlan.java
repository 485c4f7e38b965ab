package dev.paperorchestra.literature.discovery;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Which sources answer offline and model jobs. The offline model decides nothing about the scholarly APIs:
 * offline jobs search the replay store, and OpenAlex too when its endpoint was given explicitly (then alone
 * if there are no recorded records). Model jobs combine the configured kinds.
 */
public final class DiscoveryPlan {

    private DiscoveryPlan() {
    }

    public static DiscoverySource offline(DiscoverySource replay, boolean replayHasRecords,
            @Nullable DiscoverySource explicitOpenAlex) {
        List<DiscoverySource> sources = new ArrayList<>();
        if (replayHasRecords || explicitOpenAlex == null) {
            sources.add(replay);
        }
        if (explicitOpenAlex != null) {
            sources.add(explicitOpenAlex);
        }
        return CombinedDiscovery.of(sources);
    }

    public static DiscoverySource model(List<DiscoveryKind> kinds, Function<DiscoveryKind, DiscoverySource> create) {
        return CombinedDiscovery.of(kinds.stream().distinct().map(create).toList());
    }
}
