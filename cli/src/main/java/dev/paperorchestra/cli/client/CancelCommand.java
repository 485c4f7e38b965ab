package dev.paperorchestra.cli.client;

import dev.paperorchestra.service.client.PaperServiceClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code po cancel ID}: agents stop working on the paper at their next step; it ends CANCELLED. */
@Command(name = "cancel", mixinStandardHelpOptions = true,
        description = "Cancel a running paper: the agents stop at their next step and make no further model call.")
public class CancelCommand extends ServiceCommand {

    @Parameters(index = "0", paramLabel = "ID", description = "The paper id.")
    String id;

    @Override
    int run(PaperServiceClient client) {
        stdout.println(id + " " + client.cancel(id).path("state").asString());
        return 0;
    }
}
