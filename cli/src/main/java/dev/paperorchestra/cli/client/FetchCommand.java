package dev.paperorchestra.cli.client;

import dev.paperorchestra.cli.run.RunCommand;
import dev.paperorchestra.runtime.archive.ArchiveLimits;
import dev.paperorchestra.runtime.archive.SafeArchive;
import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/** {@code po fetch ID --out DIR}: the outputs of a completed paper into OUT/&lt;id&gt;/, as {@code po run} writes them. */
@Command(name = "fetch", mixinStandardHelpOptions = true,
        description = "Download every output of a completed paper from a running paper service into OUT/<paper-id>/.")
public class FetchCommand implements Callable<Integer> {

    /** A bundle holds a paper's outputs: dozens of files, tens of megabytes. */
    private static final ArchiveLimits BUNDLE_LIMITS = new ArchiveLimits(10_000, 2L * 1024 * 1024 * 1024);

    @Parameters(index = "0", paramLabel = "ID", description = "The paper id.")
    String id;

    @Option(names = "--out", defaultValue = "out", description = "Output root; the paper goes to OUT/<paper-id>/ (default: ${DEFAULT-VALUE}).")
    Path out;

    @Mixin
    ServerOptions server = new ServerOptions();

    Map<String, String> environment = System.getenv();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;

    @Override
    public Integer call() {
        Path bundle = null;
        try {
            PaperServiceClient client = server.client(environment);
            JsonNode paper = client.paper(id);
            String state = paper.path("state").asString();
            if (!state.equals("COMPLETED")) {
                String reason = paper.path("failureReason").isString() ? ": " + paper.path("failureReason").asString()
                        : " (stage " + paper.path("currentStage").asString() + ")";
                stderr.println("po: paper " + id + " is " + state.toLowerCase(Locale.ROOT) + reason
                        + "; only a completed paper has outputs");
                return RunCommand.PAPER_FAILED;
            }
            Files.createDirectories(out);
            bundle = Files.createTempFile("po-bundle-", ".zip");
            client.bundle(id, bundle);
            new SafeArchive(BUNDLE_LIMITS).unpack(bundle, out);
            Path paperDir = out.resolve(id).toAbsolutePath();
            stdout.println("paper written to " + paperDir);
            paper.path("files").forEach(file -> {
                if (!file.asString().contains("/")) {
                    stdout.println("  " + file.asString());
                }
            });
            return 0;
        } catch (IllegalArgumentException | InvalidMaterialsException e) {
            stderr.println("po: " + e.getMessage());
            return RunCommand.BAD_INPUT;
        } catch (ServiceCallException e) {
            stderr.println("po: " + e.getMessage());
            return e.exitCode();
        } catch (IOException e) {
            stderr.println("po: cannot write to " + out + ": " + e.getMessage());
            return RunCommand.BAD_INPUT;
        } finally {
            if (bundle != null) {
                bundle.toFile().delete();
            }
        }
    }
}
