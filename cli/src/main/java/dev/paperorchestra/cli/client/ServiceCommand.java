package dev.paperorchestra.cli.client;

import dev.paperorchestra.service.client.PaperServiceClient;
import dev.paperorchestra.service.client.ServiceCallException;
import dev.paperorchestra.cli.run.RunCommand;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;

/**
 * What every client command shares: the server options, and exit codes as {@code po run} gives them (2 for
 * unusable input or configuration, an unreachable server and every 400; 1 for a paper that cannot go on).
 */
abstract class ServiceCommand implements Callable<Integer> {

    @Mixin
    ServerOptions server = new ServerOptions();

    Map<String, String> environment = System.getenv();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;

    /** The command's work against the service; returns the exit code. */
    abstract int run(PaperServiceClient client);

    @Override
    public final Integer call() {
        try {
            return run(server.client(environment));
        } catch (IllegalArgumentException e) {
            stderr.println("po: " + e.getMessage());
            return RunCommand.BAD_INPUT;
        } catch (ServiceCallException e) {
            stderr.println("po: " + e.getMessage());
            return e.exitCode();
        }
    }
}
