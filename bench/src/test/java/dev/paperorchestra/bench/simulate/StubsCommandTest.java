package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class StubsCommandTest {

    @Test
    void a_batch_failure_fraction_outside_0_to_1_is_refused_with_exit_code_2_before_anything_starts(
            @TempDir Path dir) {
        PrintStream stderr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            exit = new CommandLine(new StubsCommand()).execute("--examples", dir.toString(), "--materials",
                    dir.resolve("materials").toString(), "--env-file", dir.resolve("env").toString(),
                    "--batch-failures", "1.5");
        } finally {
            System.setErr(stderr);
        }

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("failure fraction must be between 0 and 1");
        assertThat(dir.resolve("materials")).doesNotExist();
        assertThat(dir.resolve("env")).doesNotExist();
    }
}
