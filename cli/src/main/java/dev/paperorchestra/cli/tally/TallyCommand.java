package dev.paperorchestra.cli.tally;

import dev.paperorchestra.runtime.registry.EventSerdes;
import java.util.Map;
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

    @Option(names = "--schema-registry-url", description = "The registry of Confluent-framed events "
            + "(po.schema-registry.url), when the deployment uses one.")
    String schemaRegistryUrl;

    @Override
    public Integer call() {
        Map<String, Object> client = schemaRegistryUrl == null ? Map.of()
                : Map.of(EventSerdes.URL, schemaRegistryUrl);
        PaperTally.read(bootstrapServers, client).lines().forEach((id, line) -> System.out.println(id + " " + line));
        return 0;
    }
}
