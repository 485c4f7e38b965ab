package dev.paperorchestra.cli.client;

import dev.paperorchestra.content.materials.MaterialsZip;
import dev.paperorchestra.service.client.PaperServiceClient;
import dev.paperorchestra.service.client.ServiceCallException;
import dev.paperorchestra.cli.run.JobFlags;
import dev.paperorchestra.cli.run.RunCommand;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code po submit MATERIALS...}: zips each materials directory and submits it to the paper service;
 * {@code po submit --revise PAPER_DIR --reviews R... [--materials DIR]}: a paper to revise from human reviews
 * (POST /revisions).
 */
@Command(name = "submit", mixinStandardHelpOptions = true,
        description = "Submit materials directories to a running paper service (po serve or a deployment), or with "
                + "--revise a paper's LaTeX source and its reviews to revise (as po revise); prints one paper id per "
                + "line.")
public class SubmitCommand extends ServiceCommand {

    @Parameters(arity = "0..*", paramLabel = "MATERIALS_DIR", description = "Materials directories, as for po run "
            + "(not with --revise).")
    List<Path> materials = new ArrayList<>();

    @Option(names = "--revise", paramLabel = "PAPER_DIR", description = "Instead of materials: a paper's LaTeX source "
            + "directory to revise from --reviews, as po revise PAPER_DIR (the revision runs in the deployment).")
    @Nullable Path revise;

    @Option(names = "--reviews", arity = "1..*", paramLabel = "REVIEW", description = "With --revise: one or more "
            + "review files, Markdown (.md), plain text, or OpenReview's JSON export (.json).")
    List<Path> reviews = new ArrayList<>();

    @Option(names = "--materials", paramLabel = "DIR", description = "With --revise: experimental_log.md and idea.md, "
            + "the only source of new numbers.")
    @Nullable Path revisionMaterials;

    @Option(names = "--verified-bib", paramLabel = "FILE", description = "With --revise: extra BibTeX entries already "
            + "verified that the revision may cite when a reviewer names them.")
    @Nullable Path verifiedBib;

    @Mixin
    JobFlags job = new JobFlags();

    @Option(names = "--template-dir", paramLabel = "KIT", description = "The venue's author kit (KIT/template.tex "
            + "and its files), sent as the materials' template/ directory instead of their template.tex, as for po run.")
    @Nullable Path templateDir;

    @Option(names = "--paper-id", description = "Paper id (one materials directory only; default: chosen by the service).")
    @Nullable String paperId;

    @Override
    int run(PaperServiceClient client) {
        if (revise != null) {
            return revision(client, revise);
        }
        if (!reviews.isEmpty() || revisionMaterials != null || verifiedBib != null) {
            throw new IllegalArgumentException("--reviews, --materials and --verified-bib go with --revise PAPER_DIR");
        }
        if (materials.isEmpty()) {
            throw new IllegalArgumentException("give one or more materials directories, or --revise PAPER_DIR "
                    + "--reviews R...");
        }
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

    private int revision(PaperServiceClient client, Path paper) {
        if (!materials.isEmpty()) {
            throw new IllegalArgumentException("--revise takes the paper directory; no materials directories with it");
        }
        if (reviews.isEmpty()) {
            throw new IllegalArgumentException("--revise needs --reviews R... (one or more review files)");
        }
        for (Path review : reviews) {
            if (!Files.isRegularFile(review)) {
                throw new IllegalArgumentException("review file does not exist: " + review);
            }
        }
        if (!Files.isDirectory(paper) || revisionMaterials != null && !Files.isDirectory(revisionMaterials)) {
            throw new IllegalArgumentException("not a directory: " + (Files.isDirectory(paper) ? revisionMaterials
                    : paper));
        }
        Path paperZip = null;
        Path materialsZip = null;
        try {
            paperZip = Files.createTempFile("po-paper-", ".zip");
            MaterialsZip.write(paper, paperZip);
            if (revisionMaterials != null) {
                materialsZip = Files.createTempFile("po-materials-", ".zip");
                MaterialsZip.write(revisionMaterials, materialsZip);
            }
            Map<String, String> fields = new LinkedHashMap<>();
            fields.put("offline", Boolean.toString(job.offline()));
            put(fields, "pageLimit", job.pageLimit());
            put(fields, "paperId", paperId);
            stdout.println(client.submitRevision(paperZip, reviews, materialsZip, verifiedBib, fields)
                    .path("paperId").asString());
            return 0;
        } catch (InvalidMaterialsException e) {
            stderr.println("po: " + paper.resolve(e.file()) + ": " + e.problem());
            return RunCommand.BAD_INPUT;
        } catch (ServiceCallException e) {
            stderr.println("po: " + paper + ": " + e.getMessage());
            return e.exitCode();
        } catch (IOException e) {
            stderr.println("po: cannot zip " + paper + ": " + e.getMessage());
            return RunCommand.BAD_INPUT;
        } finally {
            for (Path zip : java.util.Arrays.asList(paperZip, materialsZip)) {
                if (zip != null) {
                    zip.toFile().delete();
                }
            }
        }
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
