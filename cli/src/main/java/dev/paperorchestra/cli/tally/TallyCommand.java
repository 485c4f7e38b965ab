package dev.paperorchestra.cli.tally;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code po tally} (hidden, for scripts): one line per paper on a running broker, {@code <paper-id>
 * requests=N completed=N artifacts=N duplicate_artifacts=N}, read from paper-requests and paper-completed
 * (committed records only).
 */
@Command(name = "tally", hidden = true, mixinStandardHelpOptions = true,
        description = "Print how often each paper was requested and completed on a running broker.")
public final class TallyCommand implements Callable<Integer> {

    @Option(names = "--bootstrap-servers", required = true, description = "The broker, e.g. 127.0.0.1:9092.")
    String bootstrapServers;

    @Override
    public Integer call() {
        PaperTally.read(bootstrapServers).lines().forEach((id, line) -> System.out.println(id + " " + line));
        return 0;
    }
}
