package dev.paperorchestra.bench.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrefixShareTest {

    /** {@code tokens} tokens of text, four characters each, distinct from any other {@code seed}'s. */
    private static String text(char seed, int tokens) {
        return String.valueOf(seed).repeat(tokens * PromptChunks.CHARS_PER_TOKEN);
    }

    @Test
    void a_prompt_is_named_by_chained_hashes_of_its_whole_128_token_chunks() {
        PromptChunks prompt = PromptChunks.of(text('a', 300));
        PromptChunks longer = PromptChunks.of(text('a', 256) + text('b', 200));

        assertThat(prompt.tokens()).isEqualTo(300);
        assertThat(prompt.chain()).hasSize(2);
        // the same chunk text at another position is another chunk: the hash carries everything before it
        assertThat(prompt.chain().get(0)).isNotEqualTo(prompt.chain().get(1));
        assertThat(longer.chain()).startsWith(prompt.chain().toArray(String[]::new)).hasSize(3);
    }

    @Test
    void openai_cached_tokens_count_a_shared_prefix_of_at_least_1024_tokens_in_128_token_steps() {
        PrefixCache cache = new PrefixCache();
        String materials = text('m', 1100);

        assertThat(cache.cachedTokens("gpt-4.1", PromptChunks.of(materials + text('x', 200)))).isZero();
        // 1,100 shared tokens are eight whole chunks, 1,024 tokens; the rest differs
        assertThat(cache.cachedTokens("gpt-4.1", PromptChunks.of(materials + text('y', 200)))).isEqualTo(1024);
        // another model has its own cache
        assertThat(cache.cachedTokens("gpt-4.1-mini", PromptChunks.of(materials + text('y', 200)))).isZero();
        // a shared start shorter than 1,024 tokens is not cached
        assertThat(cache.cachedTokens("gpt-4.1", PromptChunks.of(text('m', 900) + text('z', 900)))).isZero();
    }

    @Test
    void anthropic_reads_the_longest_marked_prefix_written_before_and_writes_the_next() {
        BreakpointCache cache = new BreakpointCache();
        String rules = text('r', 1200);
        String materials = text('m', 800);
        String prompt = rules + materials + text('q', 50);
        var marks = java.util.List.of(rules.length(), rules.length() + materials.length());

        assertThat(cache.use("claude", prompt, marks)).isEqualTo(new BreakpointCache.Use(0, 2000));
        assertThat(cache.use("claude", rules + materials + text('w', 70), marks))
                .isEqualTo(new BreakpointCache.Use(2000, 0));
        assertThat(cache.use("claude", rules + text('n', 900), java.util.List.of(rules.length(), rules.length()
                + 900 * 4))).isEqualTo(new BreakpointCache.Use(1200, 900));
        // without a mark nothing is cached, however long the prompt
        assertThat(cache.use("claude", prompt, java.util.List.of())).isEqualTo(new BreakpointCache.Use(0, 0));
    }

    @Test
    void the_share_counts_input_of_long_calls_that_begins_as_an_earlier_call_of_the_same_model(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("requests.jsonl");
        String stable = text('s', 1536);
        try (RequestLog log = new RequestLog(file)) {
            Instant at = Instant.parse("2026-11-29T05:00:00Z");
            log.append("m", "review", at, PromptChunks.of(stable + text('a', 512)));
            log.append("m", "review", at, PromptChunks.of(stable + text('b', 512)));
            log.append("other", at, PromptChunks.of(stable + text('c', 512)));
            // short calls are not counted, though they repeat
            log.append("m", at, PromptChunks.of(text('s', 600)));
            log.append("m", at, PromptChunks.of(text('s', 256) + text('d', 1000)));
        }
        assertThat(Files.readString(file)).doesNotContain("sss").contains("\"chunks\":[");

        PrefixShare share = PrefixShare.read(Files.newBufferedReader(file), file.toString());

        assertThat(share.calls()).isEqualTo(5);
        assertThat(share.longCalls()).isEqualTo(4);
        assertThat(share.inputTokens()).isEqualTo(3 * 2048 + 1256);
        // the second call shares 1,536 tokens, the last 256 (with the short call before it)
        assertThat(share.sharedTokens()).isEqualTo(1536 + 256);
        assertThat(share.cacheableTokens()).isEqualTo(1536);
        assertThat(share.share()).isEqualTo((1536.0 + 256) / (3 * 2048 + 1256));
        // the calls the log names a step for, per step
        assertThat(share.byStep()).containsOnlyKeys("review");
        assertThat(share.byStep().get("review").share()).isEqualTo(1536.0 / 4096);
    }

    @Test
    void a_line_that_is_not_a_request_log_entry_is_named() {
        assertThatThrownBy(() -> PrefixShare.read(new StringReader("{\"model\":\"m\",\"tokens\":5,\"chunks\":[]}\n"
                + "{\"tokens\":3}\n"), "log.jsonl")).hasMessageContaining("log.jsonl:2").hasMessageContaining("model");
        assertThatThrownBy(() -> PrefixShare.read(new StringReader("not json"), "log.jsonl"))
                .hasMessageContaining("log.jsonl:1: not JSON");
    }
}
