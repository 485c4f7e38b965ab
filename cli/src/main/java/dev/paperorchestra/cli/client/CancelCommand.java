package dev.paperorchestra.cli.client;

import dev.paperorchestra.cli.run.RunCommand;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code po cancel ID}: agents stop working on the paper at their next step; it ends CANCELLED. */
@Command(name = "cancel", mixinStandardHelpOptions = true,
        description = "Cancel a running paper: the agents stop at their next step and make no further model call.")
public class CancelCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "ID", description = "The paper id.")
    String id;

    @Mixin
    ServerOptions server = new ServerOptions();

    Map<String, String> environment = System.getenv();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;

    @Override
    public Integer call() {
        try {
            var paper = server.client(environment).cancel(id);
            stdout.println(id + " " + paper.path("state").asString());
            return 0;
        } catch (IllegalArgumentException e) {
            stderr.println("po: " + e.getMessage());
            return RunCommand.BAD_INPUT;
        } catch (ServiceCallException e) {
            stderr.println("po: " + e.getMessage());
            return e.exitCode();
        }
    }
}
