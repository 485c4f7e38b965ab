package dev.paperorchestra.service.intake;

import dev.paperorchestra.content.archive.ArchiveTooLargeException;
import dev.paperorchestra.content.archive.SafeArchive;
import dev.paperorchestra.content.latex.TemplateTrial;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.content.materials.CheckedMaterials;
import dev.paperorchestra.content.materials.IntakeResult;
import dev.paperorchestra.content.materials.JobRequest;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.content.materials.MaterialsIntake;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.content.materials.MaterialsProblem;
import dev.paperorchestra.runtime.kafka.PaperSubmitter;
import dev.paperorchestra.schemas.JobDefaults;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.service.status.PaperViews;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An uploaded materials archive becomes a job: unpacked safely into a work directory, checked with the rules
 * {@code po run} applies ({@link MaterialsIntake}), stored in the blob
 * store and put on paper-requests. Nothing is stored when a check fails; the work directory is always removed.
 */
public final class UploadIntake {

    private static final Logger log = LoggerFactory.getLogger(UploadIntake.class);

    /** The paper as accepted. */
    public record Submission(String paperId, String state) {
    }

    private final SafeArchive archives;
    private final PaperSubmitter submitter;
    private final PaperViews views;
    private final Path workDir;
    private final Clock clock;
    private final Duration readYourWrite;
    private final MaterialsLimits limits;
    private final BlobStore blobs;
    private final @Nullable Function<Path, TemplateTrial> trials;

    /**
     * @param trials the template's first compile ({@link TemplateTrial}) working in the given directory of the
     *               upload's scratch space, the rule {@code po run} applies; null when TeX checks are off
     */
    public UploadIntake(SafeArchive archives, PaperSubmitter submitter, PaperViews views, Path workDir,
            Clock clock, Duration readYourWrite, MaterialsLimits limits, BlobStore blobs,
            @Nullable Function<Path, TemplateTrial> trials) {
        this.trials = trials;
        this.archives = archives;
        this.submitter = submitter;
        this.views = views;
        this.workDir = workDir;
        this.clock = clock;
        this.readYourWrite = readYourWrite;
        this.limits = limits;
        this.blobs = blobs;
    }

    /**
     * @throws InvalidMaterialsException naming the file (relative to the materials) and the problem
     * @throws ArchiveTooLargeException  when the archive unpacks past its limits
     * @throws IllegalArgumentException  when an option is unusable
     * @param tenant the submitter's tenant, which the paper belongs to
     * @throws PaperIdTakenException     when the paper id is already known
     */
    public Submission submit(Path archive, UploadRequest request, String tenant) {
        Path job = ScratchDirectories.create(workDir, "upload-");
        try {
            Path unpacked = Files.createDirectory(job.resolve("materials"));
            archives.unpack(archive, unpacked);
            Path root = SafeArchive.materialsRoot(unpacked);
            // exactly the rules po run applies before its broker starts
            JobRequest wanted = new JobRequest(request.cutoff(), request.venue(), request.pageLimit(),
                    request.iterations() == null ? JobDefaults.REFINE_ITERATIONS : request.iterations(), request.offline(),
                    request.approvals(), request.approvalTimeout());
            CheckedMaterials checked = switch (MaterialsIntake.check(root, null, wanted, limits,
                    trials == null ? null : trials.apply(job.resolve("template-trial")))) {
                case IntakeResult.Rejected<CheckedMaterials> rejected -> {
                    MaterialsProblem first = rejected.problems().getFirst();
                    throw new InvalidMaterialsException(relative(root, first.file()), first.problem());
                }
                case IntakeResult.Accepted<CheckedMaterials> accepted -> accepted.value();
            };
            JobOptions options = checked.options();
            String paperId = SubmissionIds.choose(views, clock, request.paperId(),
                    SubmissionIds.folderName(unpacked, root));
            PaperContext context = MaterialsDirectory.upload(checked, paperId, blobs, clock.instant());
            context.setTenant(tenant);
            // messages name the upload as the submitter knows it, never this service's scratch directory
            context.getMaterials().setSourceDirectory(root.equals(unpacked) ? "materials"
                    : root.getFileName().toString());
            submitter.submit(context);
            log.info("paper {} submitted through the paper service for tenant {} ({} mode)", paperId, tenant,
                    options.getLlmMode());
            Optional<PaperViewState> view = views.await(paperId, v -> true, readYourWrite);
            return new Submission(paperId, view.map(PaperViewState::getState).orElse("SUBMITTED"));
        } catch (InvalidMaterialsException e) {
            throw withoutServerPaths(e, archive, job);
        } catch (IOException e) {
            // the service's own disk failed, not the upload: a 500 whose message stays free of this machine's paths
            log.warn("cannot unpack an upload in {}: {}", job, e.toString());
            throw new UncheckedIOException("cannot unpack the upload", e);
        } finally {
            ScratchDirectories.delete(job);
        }
    }



    /**
     * The same refusal with every path of this machine (the upload's scratch directory, the multipart file)
     * replaced by the name the submitter knows: a file inside the materials is named relative to them. The
     * archive and intake rules already speak in relative names; this holds the line for any that does not.
     */
    static InvalidMaterialsException withoutServerPaths(InvalidMaterialsException e, Path archive, Path job) {
        String file = withoutServerPaths(e.file(), archive, job);
        String problem = withoutServerPaths(e.problem(), archive, job);
        if (file.equals(e.file()) && problem.equals(e.problem())) {
            return e;
        }
        return e instanceof ArchiveTooLargeException ? new ArchiveTooLargeException(file, problem)
                : new InvalidMaterialsException(file, problem);
    }

    private static String withoutServerPaths(String text, Path archive, Path job) {
        Path materials = job.resolve("materials").toAbsolutePath();
        String hidden = text;
        if (Files.isDirectory(materials, LinkOption.NOFOLLOW_LINKS)) {
            try {
                hidden = hidden.replace(SafeArchive.materialsRoot(materials).toAbsolutePath() + "/", "");
            } catch (UncheckedIOException e) {
                // the scratch directory is going anyway; the replacements below still hold
            }
        }
        hidden = hidden.replace(materials + "/", "").replace(materials.toString(), "materials")
                .replace(archive.toAbsolutePath().toString(), "materials")
                .replace(job.toAbsolutePath().toString(), "upload");
        Path workDir = job.toAbsolutePath().getParent();
        return workDir == null ? hidden : hidden.replace(workDir.toString(), "uploads");
    }

    private static String relative(Path root, String file) {
        Path path = Path.of(file);
        return path.startsWith(root) ? root.relativize(path).toString() : path.getFileName().toString();
    }

}
