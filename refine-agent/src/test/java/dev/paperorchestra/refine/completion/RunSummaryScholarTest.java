package dev.paperorchestra.refine.completion;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.refine.DraftFixtures;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.gateway.usage.PaperUsage;
import dev.paperorchestra.schemas.DraftStats;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class RunSummaryScholarTest {

    @TempDir
    Path blobRoot;

    private JsonNode summary(LlmMode mode, DraftStats stats) {
        return summary(DraftFixtures.draft(new LocalBlobStore(blobRoot), "paper-1", mode, 0).getContext(), stats);
    }

    private JsonNode summary(PaperContext context, DraftStats stats) {
        PaperDraftedEvent draft = DraftFixtures.draft(new LocalBlobStore(blobRoot), "paper-1",
                context.getOptions().getLlmMode(), 0);
        return new RunSummaryWriter(context, stats, new PaperCounts(1, 1, DraftFixtures.CITED),
                draft.getDraft().getCompile(), 0, 0,
                List.of(), null, List.of(), PaperUsage.none("paper-1")).toSummary().toJsonTree();
    }

    private DraftStats stats(LlmMode mode, @Nullable String source, int requests, int replayLookups) {
        return DraftStats.newBuilder(DraftFixtures.draft(new LocalBlobStore(blobRoot), "paper-1", mode, 0).getStats())
                .setScholarSource(source).setScholarRequests(requests).setScholarReplayLookups(replayLookups)
                .setScholarResolved(6).setScholarCacheHits(2).build();
    }

    @Test
    void an_offline_replay_is_named_and_its_lookups_never_count_as_semantic_scholar_requests() {
        JsonNode summary = summary(LlmMode.OFFLINE, stats(LlmMode.OFFLINE, "offline-replay", 0, 9));

        assertThat(summary.at("/scholar/source").asString()).isEqualTo("offline-replay");
        assertThat(summary.at("/scholar/replayLookups").asInt()).isEqualTo(9);
        assertThat(summary.at("/scholar/requests").asInt()).isZero();
        assertThat(summary.get("scholarRequests").asInt()).isZero();
        assertThat(summary.at("/scholar/cacheHits").asInt()).isEqualTo(2);
        assertThat(summary.at("/scholar/papersPerRequest").isNull()).isTrue();
    }

    @Test
    void semantic_scholar_requests_are_named_with_their_papers_per_request() {
        JsonNode summary = summary(LlmMode.MODEL, stats(LlmMode.MODEL, "semantic-scholar", 3, 0));

        assertThat(summary.at("/scholar/source").asString()).isEqualTo("semantic-scholar");
        assertThat(summary.at("/scholar/requests").asInt()).isEqualTo(3);
        assertThat(summary.get("scholarRequests").asInt()).isEqualTo(3);
        assertThat(summary.at("/scholar/replayLookups").asInt()).isZero();
        assertThat(summary.at("/scholar/papersPerRequest").asDouble()).isEqualTo(2.0);
    }

    @Test
    void a_paper_that_looked_nothing_up_names_no_source() {
        JsonNode summary = summary(LlmMode.OFFLINE, stats(LlmMode.OFFLINE, null, 0, 0));

        assertThat(summary.at("/scholar/source").isNull()).isTrue();
    }

    @Test
    void the_summary_says_which_cutoff_verification_applied_and_where_it_came_from() {
        PaperDraftedEvent draft = DraftFixtures.draft(new LocalBlobStore(blobRoot), "paper-1", LlmMode.MODEL, 0);
        PaperContext fromDeadline = PaperContext.newBuilder(draft.getContext())
                .setOptions(JobOptions.newBuilder(draft.getContext().getOptions()).setCutoffDate("2024-11-15")
                        .setCutoffSource("guidelines-deadline").build())
                .build();
        PaperContext none = PaperContext.newBuilder(draft.getContext())
                .setOptions(JobOptions.newBuilder(draft.getContext().getOptions()).setCutoffDate(null)
                        .setCutoffSource(null).build())
                .build();

        JsonNode dated = summary(fromDeadline, stats(LlmMode.MODEL, "semantic-scholar", 1, 0));
        JsonNode undated = summary(none, stats(LlmMode.MODEL, "semantic-scholar", 1, 0));

        assertThat(dated.at("/cutoff/date").asString()).isEqualTo("2024-11-15");
        assertThat(dated.at("/cutoff/source").asString()).isEqualTo("guidelines-deadline");
        assertThat(undated.at("/cutoff/date").isNull()).isTrue();
        assertThat(undated.at("/cutoff/source").isNull()).isTrue();
    }
}
