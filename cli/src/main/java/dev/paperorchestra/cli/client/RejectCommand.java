package dev.paperorchestra.cli.client;

import dev.paperorchestra.service.client.PaperServiceClient;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code po reject ID --stage outline --reason ...}: the paper ends at the gate it waits at. */
@Command(name = "reject", mixinStandardHelpOptions = true,
        description = "Reject a paper waiting at an approval gate: it ends FAILED with the reason.")
public class RejectCommand extends ServiceCommand {

    @Parameters(index = "0", paramLabel = "ID", description = "The paper id.")
    String id;

    @Option(names = "--stage", required = true, paramLabel = "GATE",
            description = "The gate: outline, citations, figures or final.")
    String stage;

    @Option(names = "--reason", required = true, description = "Why; recorded in the timeline and the failure reason.")
    String reason;

    @Option(names = "--by", paramLabel = "NAME",
            description = "Who rejects, as recorded in the timeline (default: $USER).")
    @Nullable String by;

    @Override
    int run(PaperServiceClient client) {
        String state = client.decide(id, stage, ApproveCommand.decision("reject", by, environment.get("USER"),
                reason)).path("state").asString();
        stdout.println(id + " " + state);
        return 0;
    }
}
