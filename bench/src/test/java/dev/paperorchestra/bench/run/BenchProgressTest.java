package dev.paperorchestra.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.OptionalLong;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.nio.file.Path;
import dev.paperorchestra.bench.dataset.BenchCase;
import org.junit.jupiter.api.Test;

class BenchProgressTest {

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final BenchProgress progress = new BenchProgress(new PrintStream(console, true, StandardCharsets.UTF_8),
            false, Clock.fixed(Instant.parse("2026-11-24T10:00:00Z"), ZoneOffset.UTC), () -> OptionalLong.of(2));

    @Test
    void the_status_line_counts_replay_lookups_apart_from_semantic_scholar_requests() {
        progress.begin(plan(3));

        progress.finished("offline-case", CaseState.COMPLETE, "", new BenchRunner.Usage(0, 12, 0, 0));
        progress.finished("model-case", CaseState.COMPLETE, "", new BenchRunner.Usage(3, 0, 150, 0.01));

        assertThat(progress.statusLine()).contains("S2 queue 2, requests 3 |").contains("replay lookups 12 |")
                .contains("tokens 150");
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("offline-case complete");
    }

    @Test
    void complete_incomplete_and_failed_are_counted_apart_and_offline_leaves_out_the_fields_that_are_only_zero() {
        BenchProgress offline = new BenchProgress(new PrintStream(console, true, StandardCharsets.UTF_8), false,
                Clock.fixed(Instant.parse("2026-11-24T10:00:00Z"), ZoneOffset.UTC), () -> OptionalLong.of(0), true);
        offline.begin(plan(4));

        offline.finished("a", CaseState.COMPLETE, "a-1 (compiled, 9 pages; gates 5 of 5 passed)", BenchRunner.Usage.NONE);
        offline.finished("b", CaseState.INCOMPLETE, "b-1: gate content failed: x", BenchRunner.Usage.NONE);
        offline.finished("c", CaseState.FAILED, "at writer: boom", BenchRunner.Usage.NONE);

        assertThat(offline.statusLine()).contains("complete 1, incomplete 1, failed 1, running 0, queued 1")
                .doesNotContain("S2", "tokens", "cost");
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("a complete: a-1 (compiled, 9 pages; gates 5 of 5 passed)",
                "b incomplete: b-1: gate content failed: x", "c failed: at writer: boom");
    }

    private static BenchPlan plan(int cases) {
        Map<String, String> digests = new LinkedHashMap<>();
        List<BenchPlan.Step> todo = new ArrayList<>();
        for (int i = 0; i < cases; i++) {
            digests.put("case-" + i, "d");
            todo.add(new BenchPlan.Step(new BenchCase("case-" + i, Path.of("case-" + i)), BenchPlan.Why.NEW, null));
        }
        return new BenchPlan(todo, List.of(), digests, Map.of());
    }
}
