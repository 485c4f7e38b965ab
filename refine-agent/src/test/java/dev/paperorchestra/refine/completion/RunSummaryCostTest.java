package dev.paperorchestra.refine.completion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.paperorchestra.model.summary.RunSummary;
import dev.paperorchestra.refine.DraftFixtures;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.gateway.usage.LlmUsage;
import dev.paperorchestra.gateway.usage.PaperUsage;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

// issue 42: summary.json keeps prompt-cache reads and batch calls apart, overall and per role
class RunSummaryCostTest {

    @TempDir
    Path blobRoot;

    @Test
    void the_llm_block_gives_cached_input_tokens_batch_calls_and_their_cost_overall_and_per_role() {
        PaperDraftedEvent draft = DraftFixtures.draft(new LocalBlobStore(blobRoot), "paper-1", LlmMode.MODEL, 0);
        PaperUsage usage = new PaperUsage("paper-1", List.of(
                new LlmUsage("paper-1", "writer-agent", "writer", "openai", "gpt-4.1", 10_000, 8_000, 1_000, 0.03,
                        false, true),
                new LlmUsage("paper-1", "writer-agent", "writer", "openai", "gpt-4.1", 5_000, 0, 500, 0.02, false,
                        false),
                new LlmUsage("paper-1", "refine-agent", "reviewer", "openai", "gpt-4.1", 4_000, 2_048, 200, 0.01,
                        false, false)));

        RunSummary written = new RunSummaryWriter(draft.getContext(), draft.getStats(), new PaperCounts(1, 1, 3),
                draft.getDraft().getCompile(), 0, 0, List.of(), null, List.of(), usage).toSummary();
        RunSummary summary = written.withLlm(written.llm().withPricesChecked("2026-11-29"));
        RunSummary.Usage llm = RunSummary.parse(summary.toJsonText()).llm();

        assertThat(llm.cachedInputTokens()).isEqualTo(10_048);
        assertThat(llm.batchCalls()).isEqualTo(1);
        assertThat(llm.batchCostUsd()).isCloseTo(0.03, within(1e-9));
        assertThat(llm.synchronousCostUsd()).isCloseTo(0.03, within(1e-9));
        assertThat(llm.pricesChecked()).isEqualTo("2026-11-29");
        assertThat(llm.note()).contains("estimate", "pricesChecked");
        RunSummary.Usage writer = llm.roles().get("writer");
        assertThat(writer.cachedInputTokens()).isEqualTo(8_000);
        assertThat(writer.batchCalls()).isEqualTo(1);
        assertThat(llm.roles().get("reviewer").cachedInputTokens()).isEqualTo(2_048);
        assertThat(llm.roles().get("reviewer").batchCostUsd()).isZero();
        assertThat(llm.agents().get("writer-agent").roles().get("writer").batchCalls()).isEqualTo(1);
    }

    @Test
    void the_llm_block_gives_the_prompt_cache_writes_overall_and_per_role() {
        PaperDraftedEvent draft = DraftFixtures.draft(new LocalBlobStore(blobRoot), "paper-1", LlmMode.MODEL, 0);
        PaperUsage usage = new PaperUsage("paper-1", List.of(
                new LlmUsage("paper-1", "writer-agent", "writer", "anthropic", "claude-sonnet-4-5", 10_000, 6_000,
                        3_000, 1_000, 0.03, false, false),
                new LlmUsage("paper-1", "refine-agent", "reviewer", "anthropic", "claude-sonnet-4-5", 4_000, 200,
                        0.01, false)));

        RunSummary written = new RunSummaryWriter(draft.getContext(), draft.getStats(), new PaperCounts(1, 1, 3),
                draft.getDraft().getCompile(), 0, 0, List.of(), null, List.of(), usage).toSummary();
        RunSummary.Usage llm = RunSummary.parse(written.toJsonText()).llm();

        assertThat(llm.cacheWriteInputTokens()).isEqualTo(3_000);
        assertThat(llm.roles().get("writer").cacheWriteInputTokens()).isEqualTo(3_000);
        assertThat(llm.roles().get("reviewer").cacheWriteInputTokens()).isZero();
        assertThat(written.toJsonText()).contains("\"cacheWriteInputTokens\"");
    }

    @Test
    void a_summary_written_before_these_fields_reads_with_none_of_them() {
        RunSummary old = RunSummary.parse("""
                {"mode":"model","paperId":"p","llm":{"calls":2,"cacheHits":0,"inputTokens":10,"outputTokens":5,
                 "estimatedCostUsd":0.5}}""");

        assertThat(old.llm().cachedInputTokens()).isZero();
        assertThat(old.llm().batchCalls()).isZero();
        assertThat(old.llm().synchronousCostUsd()).isEqualTo(0.5);
        assertThat(old.llm().pricesChecked()).isNull();
        assertThat(old.llm().cacheWriteInputTokens()).isZero();
    }
}
