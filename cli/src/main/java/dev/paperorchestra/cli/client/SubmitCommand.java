package dev.paperorchestra.cli.client;

import dev.paperorchestra.cli.run.RunCommand;
import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code po submit MATERIALS...}: zips each materials directory and submits it to the paper service. */
@Command(name = "submit", mixinStandardHelpOptions = true,
        description = "Submit materials directories to a running paper service (po serve or a deployment); prints "
                + "one paper id per line.")
public class SubmitCommand extends ServiceCommand {

    @Parameters(arity = "1..*", paramLabel = "MATERIALS_DIR", description = "Materials directories, as for po run.")
    List<Path> materials;

    @Option(names = "--offline", description = "Deterministic offline mode: no language model; every output is labelled.")
    boolean offline;

    @Option(names = "--cutoff", description = "Research cutoff, YYYY-MM or YYYY-MM-DD (default: job.json's cutoffDate).")
    @Nullable String cutoff;

    @Option(names = "--venue", description = "Venue name (default: job.json's venue).")
    @Nullable String venue;

    @Option(names = "--page-limit", description = "Main-text page limit (default: job.json, else the guidelines).")
    @Nullable Integer pageLimit;

    @Option(names = "--iterations", description = "Refinement iteration limit (default: 3).")
    @Nullable Integer iterations;

    @Option(names = "--paper-id", description = "Paper id (one materials directory only; default: chosen by the service).")
    @Nullable String paperId;

    @Override
    int run(PaperServiceClient client) {
        if (paperId != null && materials.size() > 1) {
            throw new IllegalArgumentException("--paper-id names one paper; give one materials directory with it");
        }
        int exit = 0;
        for (Path directory : materials) {
            try {
                stdout.println(submit(client, directory));
            } catch (InvalidMaterialsException e) {
                // refused while packing, in po run's words and with its exit code; nothing was sent
                stderr.println("po: " + directory.resolve(e.file()) + ": " + e.problem());
                exit = Math.max(exit, RunCommand.BAD_INPUT);
            } catch (ServiceCallException e) {
                stderr.println("po: " + directory + ": " + e.getMessage());
                exit = Math.max(exit, e.exitCode());
            }
        }
        return exit;
    }

    private String submit(PaperServiceClient client, Path directory) {
        if (!Files.isDirectory(directory)) {
            throw new ServiceCallException(400, "materials directory does not exist", null);
        }
        Path zip = null;
        try {
            zip = Files.createTempFile("po-materials-", ".zip");
            MaterialsZip.write(directory, zip);
            return client.submit(zip, directory.toAbsolutePath().normalize().getFileName() + ".zip", fields())
                    .path("paperId").asString();
        } catch (IOException e) {
            throw new ServiceCallException(400, "cannot zip the materials: " + e.getMessage(), e);
        } finally {
            if (zip != null) {
                zip.toFile().delete();
            }
        }
    }

    private Map<String, String> fields() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("offline", Boolean.toString(offline));
        put(fields, "cutoff", cutoff);
        put(fields, "venue", venue);
        put(fields, "pageLimit", pageLimit);
        put(fields, "iterations", iterations);
        put(fields, "paperId", paperId);
        return fields;
    }

    private static void put(Map<String, String> fields, String name, @Nullable Object value) {
        if (value != null) {
            fields.put(name, value.toString());
        }
    }
}
