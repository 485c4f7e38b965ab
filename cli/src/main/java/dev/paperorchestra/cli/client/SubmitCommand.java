package dev.paperorchestra.cli.client;

import dev.paperorchestra.content.materials.MaterialsZip;
import dev.paperorchestra.service.client.PaperServiceClient;
import dev.paperorchestra.service.client.ServiceCallException;
import dev.paperorchestra.cli.run.JobFlags;
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
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code po submit MATERIALS...}: zips each materials directory and submits it to the paper service. */
@Command(name = "submit", mixinStandardHelpOptions = true,
        description = "Submit materials directories to a running paper service (po serve or a deployment); prints "
                + "one paper id per line.")
public class SubmitCommand extends ServiceCommand {

    @Parameters(arity = "1..*", paramLabel = "MATERIALS_DIR", description = "Materials directories, as for po run.")
    List<Path> materials;

    @Mixin
    JobFlags job = new JobFlags();

    @Option(names = "--template-dir", paramLabel = "KIT", description = "The venue's author kit (KIT/template.tex "
            + "and its files), sent as the materials' template/ directory instead of their template.tex, as for po run.")
    @Nullable Path templateDir;

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
            MaterialsZip.write(directory, templateDir, zip, relative -> true);
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
        fields.put("offline", Boolean.toString(job.offline()));
        put(fields, "cutoff", job.cutoff());
        put(fields, "venue", job.venue());
        put(fields, "pageLimit", job.pageLimit());
        // left out when not given: the service applies the default
        put(fields, "iterations", job.iterations().given());
        put(fields, "approvals", job.approvals());
        put(fields, "approvalTimeout", job.approvalTimeout());
        put(fields, "paperId", paperId);
        return fields;
    }

    private static void put(Map<String, String> fields, String name, @Nullable Object value) {
        if (value != null) {
            fields.put(name, value.toString());
        }
    }
}
