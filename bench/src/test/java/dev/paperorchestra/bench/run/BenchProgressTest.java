package dev.paperorchestra.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class BenchProgressTest {

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final BenchProgress progress = new BenchProgress(new PrintStream(console, true, StandardCharsets.UTF_8),
            false, Clock.fixed(Instant.parse("2026-11-24T10:00:00Z"), ZoneOffset.UTC), () -> OptionalLong.of(2));

    @Test
    void the_status_line_counts_replay_lookups_apart_from_semantic_scholar_requests() {
        progress.begin(3, 0, 0);

        progress.finished("offline-case", CaseState.COMPLETED, "", new BenchRunner.Usage(0, 12, 0, 0));
        progress.finished("model-case", CaseState.COMPLETED, "", new BenchRunner.Usage(3, 0, 150, 0.01));

        assertThat(progress.statusLine()).contains("S2 queue 2, requests 3 |").contains("replay lookups 12 |")
                .contains("tokens 150");
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("offline-case completed");
    }
}
