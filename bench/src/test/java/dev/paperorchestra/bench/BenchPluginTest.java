package dev.paperorchestra.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.bench.simulate.SimulateCommand;
import dev.paperorchestra.cli.PoCommand;
import dev.paperorchestra.schemas.JobDefaults;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BenchPluginTest {

    @Test
    void po_finds_the_bench_commands_through_its_plugin_entry() {
        CommandLine po = PoCommand.commandLine();

        assertThat(po.getSubcommands()).containsKeys("bench", "simulate", "stubs", "run", "serve");
        assertThat(po.getSubcommands().get("stubs").getCommandSpec().usageMessage().hidden()).isTrue();
        assertThat(po.getSubcommands().get("bench").getSubcommands()).containsKey("import");
    }

    @Test
    void bench_and_simulate_show_the_one_iterations_default_in_their_help() {
        for (Object command : List.of(new BenchCommand(), new SimulateCommand())) {
            String help = new CommandLine(command).getUsageMessage(CommandLine.Help.Ansi.OFF);
            assertThat(help).as(command.getClass().getSimpleName())
                    .contains("--iterations=<iterations>")
                    .contains("Refinement iteration limit (default: " + JobDefaults.REFINE_ITERATIONS + ").");
        }
    }
}
