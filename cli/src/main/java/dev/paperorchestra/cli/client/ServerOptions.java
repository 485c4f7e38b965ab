package dev.paperorchestra.cli.client;

import dev.paperorchestra.service.client.PaperServiceClient;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * Where the paper service is. The token is read from {@code PO_TOKEN} only, never from the command line, so it
 * does not show in the process list or the shell history.
 */
public final class ServerOptions {

    @Option(names = "--server", paramLabel = "URL", defaultValue = "${env:PO_SERVER}",
            description = "The paper service, e.g. http://127.0.0.1:8080 (default: PO_SERVER). The bearer token, if "
                    + "the service needs one, comes from PO_TOKEN.")
    @Nullable String server;

    /**
     * @throws IllegalArgumentException when no server is given
     */
    PaperServiceClient client(Map<String, String> environment) {
        if (server == null || server.isBlank()) {
            throw new IllegalArgumentException("no paper service given: use --server URL or set PO_SERVER "
                    + "(po serve starts one at http://127.0.0.1:8080)");
        }
        return new PaperServiceClient(server.strip(), environment.get("PO_TOKEN"));
    }
}
