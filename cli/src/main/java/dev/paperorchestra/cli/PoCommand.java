package dev.paperorchestra.cli;

import dev.paperorchestra.cli.broker.BrokerCommand;
import dev.paperorchestra.cli.client.ApproveCommand;
import dev.paperorchestra.cli.client.CancelCommand;
import dev.paperorchestra.cli.client.RejectCommand;
import dev.paperorchestra.cli.client.FetchCommand;
import dev.paperorchestra.cli.client.StatusCommand;
import dev.paperorchestra.cli.client.SubmitCommand;
import dev.paperorchestra.cli.client.WatchCommand;
import dev.paperorchestra.cli.doctor.DoctorCommand;
import dev.paperorchestra.cli.revise.ReviseCommand;
import dev.paperorchestra.cli.tally.TallyCommand;
import dev.paperorchestra.cli.run.DemoCommand;
import dev.paperorchestra.cli.run.RunCommand;
import dev.paperorchestra.cli.serve.ServeCommand;
import java.util.ServiceLoader;
import dev.paperorchestra.cli.run.BrokerStartOption;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code po} command: turn research materials into a paper on an embedded Kafka pipeline. */
@Command(name = "po", mixinStandardHelpOptions = true, version = "po 0.1.0",
        description = "PaperOrchestra on Kafka: research materials in, submission-ready paper out.",
        subcommands = {RunCommand.class, DemoCommand.class, DoctorCommand.class, ServeCommand.class,
                SubmitCommand.class, StatusCommand.class, WatchCommand.class, FetchCommand.class, CancelCommand.class,
                ApproveCommand.class, RejectCommand.class, BrokerCommand.class, ReviseCommand.class,
                CommandLine.HelpCommand.class,
                // hidden, for scripts/chaos
                TallyCommand.class})
public final class PoCommand implements Runnable {

    /** Exit code for an error no check foresaw (a bug or the environment). */
    public static final int UNEXPECTED = 1;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        System.exit(commandLine().execute(args));
    }

    /**
     * The command with its error handling: an unexpected exception is one line on stderr (the details are in
     * the log), never a stack trace on the console.
     */
    public static CommandLine commandLine() {
        CommandLine po = new CommandLine(new PoCommand());
        for (PoPlugin plugin : ServiceLoader.load(PoPlugin.class, PoCommand.class.getClassLoader())) {
            plugin.subcommands().forEach(po::addSubcommand);
        }
        return po.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof BrokerStartOption.StartFailure failure) {
                commandLine.getErr().println("po: " + failure.getMessage());
                return 1;
            }
            commandLine.getErr().println("po: unexpected error: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()));
            return UNEXPECTED;
        });
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
