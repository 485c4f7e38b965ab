package dev.paperorchestra.service.intake;

import dev.paperorchestra.runtime.archive.ArchiveTooLargeException;
import dev.paperorchestra.runtime.archive.SafeArchive;
import dev.paperorchestra.runtime.errors.InvalidMaterialsException;
import dev.paperorchestra.runtime.materials.JobSettings;
import dev.paperorchestra.runtime.materials.MaterialsDirectory;
import dev.paperorchestra.runtime.materials.PaperSubmitter;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.service.status.PaperViews;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An uploaded materials archive becomes a job: unpacked safely into a work directory, checked with the rules
 * {@code po run} applies ({@link MaterialsDirectory#check}, {@link JobSettings#resolve}), stored in the blob
 * store and put on paper-requests. Nothing is stored when a check fails; the work directory is always removed.
 */
public final class MaterialsIntake {

    private static final Logger log = LoggerFactory.getLogger(MaterialsIntake.class);
    private static final Pattern PAPER_ID = Pattern.compile("[a-z0-9][a-z0-9._-]{0,99}");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);

    /** The paper as accepted. */
    public record Submission(String paperId, String state) {
    }

    private final SafeArchive archives;
    private final PaperSubmitter submitter;
    private final PaperViews views;
    private final Path workDir;
    private final Clock clock;
    private final Duration readYourWrite;

    public MaterialsIntake(SafeArchive archives, PaperSubmitter submitter, PaperViews views, Path workDir,
            Clock clock, Duration readYourWrite) {
        this.archives = archives;
        this.submitter = submitter;
        this.views = views;
        this.workDir = workDir;
        this.clock = clock;
        this.readYourWrite = readYourWrite;
    }

    /**
     * @throws InvalidMaterialsException naming the file (relative to the materials) and the problem
     * @throws ArchiveTooLargeException  when the archive unpacks past its limits
     * @throws IllegalArgumentException  when an option is unusable
     * @throws PaperIdTakenException     when the paper id is already known
     */
    public Submission submit(Path archive, JobRequest request) {
        Path job = createJobDirectory();
        try {
            Path unpacked = Files.createDirectory(job.resolve("materials"));
            archives.unpack(archive, unpacked);
            Path root = SafeArchive.materialsRoot(unpacked);
            JobOptions options;
            try {
                MaterialsDirectory.check(root);
                options = JobSettings.resolve(root, request.cutoff(), request.venue(), request.pageLimit(),
                        request.iterations() == null ? 3 : request.iterations(), request.offline());
            } catch (InvalidMaterialsException e) {
                throw new InvalidMaterialsException(relative(root, e.file()), e.problem());
            }
            String paperId = paperId(request.paperId(), root.equals(unpacked) ? "paper" : root.getFileName().toString());
            submitter.submit(root, paperId, options, clock.instant());
            log.info("paper {} submitted through the paper service ({} mode)", paperId, options.getLlmMode());
            Optional<PaperViewState> view = views.await(paperId, v -> true, readYourWrite);
            return new Submission(paperId, view.map(PaperViewState::getState).orElse("SUBMITTED"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack the upload in " + job, e);
        } finally {
            delete(job);
        }
    }

    private String paperId(@Nullable String requested, String folderName) {
        if (requested != null && !requested.isBlank()) {
            if (!PAPER_ID.matcher(requested).matches()) {
                throw new IllegalArgumentException("paperId '" + requested + "' must be 1-100 characters of a-z, "
                        + "0-9, '.', '_' or '-', starting with a letter or digit");
            }
            if (views.find(requested).isPresent()) {
                throw new PaperIdTakenException(requested);
            }
            return requested;
        }
        String base = folderName.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        return (base.isEmpty() ? "paper" : base) + "-" + STAMP.format(clock.instant()) + "-"
                + UUID.randomUUID().toString().substring(0, 6);
    }

    private Path createJobDirectory() {
        try {
            Files.createDirectories(workDir);
            return Files.createTempDirectory(workDir, "upload-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create an upload directory under " + workDir, e);
        }
    }

    private static String relative(Path root, String file) {
        Path path = Path.of(file);
        return path.startsWith(root) ? root.relativize(path).toString() : path.getFileName().toString();
    }

    private static void delete(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            log.warn("could not remove the upload directory {}: {}", directory, e.toString());
        }
    }
}
