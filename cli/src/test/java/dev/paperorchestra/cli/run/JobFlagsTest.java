package dev.paperorchestra.cli.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.cli.client.SubmitCommand;
import dev.paperorchestra.schemas.JobDefaults;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class JobFlagsTest {

    @Test
    void every_command_that_takes_iterations_shows_the_one_default_in_its_help() {
        for (Object command : List.of(new RunCommand(), new SubmitCommand())) {
            String help = new CommandLine(command).getUsageMessage(CommandLine.Help.Ansi.OFF);
            assertThat(help).as(command.getClass().getSimpleName())
                    .contains("--iterations=<iterations>")
                    .contains("Refinement iteration limit (default: " + JobDefaults.REFINE_ITERATIONS + ").");
        }
    }

    @Test
    void run_and_submit_share_the_job_options() {
        for (String command : List.of("run", "submit")) {
            String help = new CommandLine(command.equals("run") ? new RunCommand() : new SubmitCommand())
                    .getUsageMessage(CommandLine.Help.Ansi.OFF);
            assertThat(help).as(command).contains("--offline", "--cutoff=<cutoff>", "--venue=<venue>",
                    "--page-limit=<pageLimit>", "--paper-id=<paperId>");
        }
    }

    @Test
    void iterations_left_out_take_the_default_and_are_not_sent_as_given() {
        JobFlags job = new JobFlags();
        new CommandLine(job).parseArgs();
        assertThat(job.iterations().limit()).isEqualTo(JobDefaults.REFINE_ITERATIONS);
        assertThat(job.iterations().given()).isNull();

        new CommandLine(job).parseArgs("--iterations", "1", "--offline", "--cutoff", "2024-11");
        assertThat(job.iterations().limit()).isEqualTo(1);
        assertThat(job.iterations().given()).isEqualTo(1);
        assertThat(job.offline()).isTrue();
        assertThat(job.cutoff()).isEqualTo("2024-11");
    }
}
