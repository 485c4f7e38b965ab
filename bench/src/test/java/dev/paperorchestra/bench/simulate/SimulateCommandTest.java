package dev.paperorchestra.bench.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SimulateCommandTest {

    @Test
    void an_out_directory_holding_an_earlier_runs_state_is_refused_with_exit_code_2_and_left_as_it_was(
            @TempDir Path out) throws Exception {
        Path earlier = Files.createDirectories(out.resolve("state").resolve("kafka"));
        PrintStream stderr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            exit = new CommandLine(new SimulateCommand()).execute("1", "--out", out.toString());
        } finally {
            System.setErr(stderr);
        }

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("already holds an earlier simulation's state");
        assertThat(earlier).isEmptyDirectory();
        assertThat(out.resolve("materials")).doesNotExist();
        assertThat(out.resolve("simulation.json")).doesNotExist();
    }

    @Test
    void a_latency_for_a_step_there_is_not_is_refused_with_exit_code_2_before_anything_is_written(
            @TempDir Path out) throws Exception {
        PrintStream stderr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            exit = new CommandLine(new SimulateCommand()).execute("1", "--out", out.toString(),
                    "--latency", "write=PT200S", "--latency", "writing=PT100S");
        } finally {
            System.setErr(stderr);
        }

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("no model step 'writing'");
        assertThat(out).isEmptyDirectory();
    }

    @Test
    void the_help_of_latency_names_every_step_with_its_default_mean() {
        String help = new CommandLine(new SimulateCommand()).getCommandSpec().findOption("--latency")
                .description()[0];

        ModelLatencies.DEFAULT_MEANS.forEach((step, mean) -> assertThat(help).contains(step + " " + mean));
    }

    @Test
    void reads_the_latency_means_and_sigma_from_the_command_line() {
        SimulateCommand command = new SimulateCommand();
        new CommandLine(command).parseArgs("1", "--out", "x", "--latency", "write=PT200S", "--latency",
                "review=PT45S", "--latency-sigma", "0.25");

        assertThat(command.latencies).containsEntry("write", java.time.Duration.ofSeconds(200))
                .containsEntry("review", java.time.Duration.ofSeconds(45));
        assertThat(command.latencySigma).isEqualTo(0.25);
    }
}
