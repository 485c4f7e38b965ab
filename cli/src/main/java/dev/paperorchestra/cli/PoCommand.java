package dev.paperorchestra.cli;

import dev.paperorchestra.cli.bench.BenchCommand;
import dev.paperorchestra.cli.client.CancelCommand;
import dev.paperorchestra.cli.client.FetchCommand;
import dev.paperorchestra.cli.client.StatusCommand;
import dev.paperorchestra.cli.client.SubmitCommand;
import dev.paperorchestra.cli.client.WatchCommand;
import dev.paperorchestra.cli.doctor.DoctorCommand;
import dev.paperorchestra.cli.run.DemoCommand;
import dev.paperorchestra.cli.run.RunCommand;
import dev.paperorchestra.cli.serve.ServeCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code po} command: turn research materials into a paper on an embedded Kafka pipeline. */
@Command(name = "po", mixinStandardHelpOptions = true, version = "po 0.1.0",
        description = "PaperOrchestra on Kafka: research materials in, submission-ready paper out.",
        subcommands = {RunCommand.class, DemoCommand.class, DoctorCommand.class, ServeCommand.class,
                SubmitCommand.class, StatusCommand.class, WatchCommand.class, FetchCommand.class, CancelCommand.class,
                BenchCommand.class, CommandLine.HelpCommand.class})
public final class PoCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        System.exit(new CommandLine(new PoCommand()).execute(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
