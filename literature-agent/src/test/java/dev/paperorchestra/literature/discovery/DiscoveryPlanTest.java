package dev.paperorchestra.literature.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.schemas.Candidate;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class DiscoveryPlanTest {

    private static DiscoverySource named(String name) {
        return new DiscoverySource() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public List<Candidate> search(String paperId, SearchQuery query) {
                return List.of();
            }
        };
    }

    private final DiscoverySource replay = named("offline-replay");
    private final DiscoverySource openalex = named("openalex");

    @Test
    void offline_jobs_search_the_replay_store_when_no_scholarly_endpoint_was_given() {
        assertThat(DiscoveryPlan.offline(replay, true, null, null).name()).isEqualTo("offline-replay");
        assertThat(DiscoveryPlan.offline(replay, false, null, null).name()).isEqualTo("offline-replay");
    }

    @Test
    void offline_jobs_also_search_an_explicitly_given_openalex() {
        assertThat(DiscoveryPlan.offline(replay, true, openalex, null).name()).isEqualTo("offline-replay+openalex");
        assertThat(DiscoveryPlan.offline(replay, false, openalex, null).name()).isEqualTo("openalex");
    }

    @Test
    void offline_jobs_hand_searches_to_the_verifier_when_s2_bulk_is_listed_and_s2_was_given() {
        DiscoverySource bulk = new S2BulkDiscovery();
        assertThat(DiscoveryPlan.offline(replay, true, openalex, bulk).name())
                .isEqualTo("offline-replay+openalex+s2-bulk");
        assertThat(DiscoveryPlan.offline(replay, false, null, bulk).name()).isEqualTo("s2-bulk");
    }

    @Test
    void model_jobs_combine_the_configured_kinds_once_each_in_order() {
        DiscoverySource model = DiscoveryPlan.model(
                List.of(DiscoveryKind.RECALL, DiscoveryKind.SEARCHER, DiscoveryKind.RECALL),
                kind -> named(kind.name().toLowerCase(Locale.ROOT)));

        assertThat(model.name()).isEqualTo("recall+searcher");
    }
}
