package dev.paperorchestra.cli.client;

import dev.paperorchestra.service.client.PaperServiceClient;
import dev.paperorchestra.content.outputs.PaperVerdict;
import dev.paperorchestra.cli.run.RunCommand;
import dev.paperorchestra.content.archive.ArchiveLimits;
import dev.paperorchestra.content.archive.SafeArchive;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/**
 * {@code po fetch ID --out DIR}: the outputs of a completed paper into OUT/&lt;id&gt;/, as {@code po run} writes them,
 * and its exit code as {@code po run}'s: a paper the service calls completed may still have failed a gate, which only
 * its summary.json says.
 */
@Command(name = "fetch", mixinStandardHelpOptions = true,
        description = "Download every output of a completed paper from a running paper service into OUT/<paper-id>/.")
public class FetchCommand extends ServiceCommand {

    /** A bundle holds a paper's outputs: dozens of files, tens of megabytes. */
    private static final ArchiveLimits BUNDLE_LIMITS = new ArchiveLimits(10_000, 2L * 1024 * 1024 * 1024);

    @Parameters(index = "0", paramLabel = "ID", description = "The paper id.")
    String id;

    @Option(names = "--out", defaultValue = "out", description = "Output root; the paper goes to OUT/<paper-id>/ (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--allow-incomplete", description = "Exit 0 for a paper that was written but failed a gate or "
            + "has no PDF (as po run --allow-incomplete); the shortfalls are still printed.")
    boolean allowIncomplete;

    @Override
    int run(PaperServiceClient client) {
        Path bundle = null;
        try {
            JsonNode paper = client.paper(id);
            String state = paper.path("state").asString();
            if (!state.equals("COMPLETED") && !state.equals("INCOMPLETE")) {
                String reason = paper.path("failureReason").isString() ? ": " + paper.path("failureReason").asString()
                        : " (stage " + paper.path("currentStage").asString() + ")";
                stderr.println("po: paper " + id + " is " + state + reason
                        + "; only a written paper (COMPLETED or INCOMPLETE) has outputs");
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
            return verdict(paperDir);
        } catch (InvalidMaterialsException e) {
            stderr.println("po: the bundle of " + id + " is unusable: " + e.getMessage());
            return RunCommand.BAD_INPUT;
        } catch (IOException e) {
            stderr.println("po: cannot write to " + out + ": " + e.getMessage());
            return RunCommand.BAD_INPUT;
        } finally {
            if (bundle != null) {
                bundle.toFile().delete();
            }
        }
    }

    private int verdict(Path paperDir) {
        PaperVerdict verdict = PaperVerdict.of(paperDir, true);
        if (verdict.complete()) {
            return 0;
        }
        stderr.println("po: paper " + id + " was written but is not complete:");
        verdict.shortfalls().forEach(shortfall -> stderr.println("po:   " + shortfall));
        if (allowIncomplete) {
            stderr.println("po: --allow-incomplete: exiting 0 with the paper as it is");
            return 0;
        }
        stderr.println("po: summary.json has every finding; --allow-incomplete exits 0 for such a paper");
        return RunCommand.PAPER_FAILED;
    }
}
