package dev.paperorchestra.service.revision;

import dev.paperorchestra.content.archive.SafeArchive;
import dev.paperorchestra.content.materials.FigureNames;
import dev.paperorchestra.content.revision.PaperSource;
import dev.paperorchestra.content.revision.ReviewReader;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.PaperSubmitter;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.RevisionOptions;
import dev.paperorchestra.schemas.RevisionRequestedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.schemas.topics.Topics;
import dev.paperorchestra.service.intake.PaperIdTakenException;
import dev.paperorchestra.service.intake.ScratchDirectories;
import dev.paperorchestra.service.intake.SubmissionIds;
import dev.paperorchestra.service.status.PaperViews;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A revision upload becomes a revision request: the paper's zip unpacked safely (the archive rules of materials
 * uploads), read as {@code po revise} reads a directory (a main .tex must be there), every review read (at least one
 * must hold review text), the materials' experimental_log.md and idea.md taken; all stored in the blob store and put
 * on revision-requests with a submit status. Nothing is stored when a check fails; the work directory always goes.
 */
public final class RevisionIntake {

    private static final Logger log = LoggerFactory.getLogger(RevisionIntake.class);
    /** How deep a name may be; each segment is a plain name (FigureNames.safeName), as the refine agent writes it. */
    private static final int MAX_DEPTH = 4;
    private static final int MAX_SEGMENT = 128;
    private static final int MAX_REVIEWS = 20;
    private static final List<String> MATERIALS = List.of("experimental_log.md", "idea.md");

    /** The revision as accepted. */
    public record Submission(String paperId, String state) {
    }

    private final SafeArchive archives;
    private final PaperSubmitter submitter;
    private final PaperViews views;
    private final BlobStore blobs;
    private final Path workDir;
    private final Clock clock;
    private final Duration readYourWrite;
    private final long maxFileBytes;

    public RevisionIntake(SafeArchive archives, PaperSubmitter submitter, PaperViews views, BlobStore blobs,
            Path workDir, Clock clock, Duration readYourWrite, long maxFileBytes) {
        this.archives = archives;
        this.submitter = submitter;
        this.views = views;
        this.blobs = blobs;
        this.workDir = workDir;
        this.clock = clock;
        this.readYourWrite = readYourWrite;
        this.maxFileBytes = maxFileBytes;
    }

    /**
     * @throws IllegalArgumentException naming what is unusable (no main .tex, no review text, a bad file name)
     * @param tenant the submitter's tenant, which the revision belongs to
     * @throws PaperIdTakenException    when the paper id is already known
     */
    public Submission submit(RevisionUpload upload, String tenant) {
        if (upload.reviews().isEmpty() || upload.reviews().size() > MAX_REVIEWS) {
            throw new IllegalArgumentException("a revision needs between 1 and " + MAX_REVIEWS + " review files");
        }
        Path job = ScratchDirectories.create(workDir, "revision-");
        try {
            Path unpacked = Files.createDirectory(job.resolve("paper"));
            archives.unpack(upload.paper(), unpacked);
            Path root = SafeArchive.materialsRoot(unpacked);
            List<Path> paperFiles = paperFiles(root);
            try {
                PaperSource.read(root);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("paper: no .tex file with \\documentclass in the upload");
            }
            List<String> reviewNames = reviewNames(upload.reviews());
            int readable = 0;
            for (int i = 0; i < reviewNames.size(); i++) {
                Path named = Files.createDirectories(job.resolve("reviews").resolve(String.valueOf(i)))
                        .resolve(reviewNames.get(i));
                Files.copy(upload.reviews().get(i).file(), named);
                if (Files.size(named) > maxFileBytes) {
                    throw new IllegalArgumentException("review " + reviewNames.get(i) + " is larger than "
                            + maxFileBytes + " bytes");
                }
                try {
                    readable += ReviewReader.read(named).size();
                } catch (IllegalArgumentException | UncheckedIOException e) {
                    throw new IllegalArgumentException("review " + reviewNames.get(i) + ": " + e.getMessage());
                }
            }
            if (readable == 0) {
                throw new IllegalArgumentException("no review text found in " + reviewNames);
            }
            List<NamedArtifact> materials = materials(upload.materials(), job);
            MessageDigest digest = sha256();
            List<NamedArtifact> paper = new ArrayList<>();
            for (Path file : paperFiles) {
                paper.add(stored(root.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file),
                        digest));
            }
            List<NamedArtifact> reviews = new ArrayList<>();
            for (int i = 0; i < reviewNames.size(); i++) {
                reviews.add(stored(reviewNames.get(i), Files.readAllBytes(upload.reviews().get(i).file()), digest));
            }
            materials.forEach(material -> digest.update(material.getArtifact().getSha256()
                    .getBytes(StandardCharsets.UTF_8)));
            ArtifactRef verified = null;
            if (upload.verifiedBib() != null) {
                verified = blobs.put(Files.readAllBytes(upload.verifiedBib()), MediaTypes.BIBTEX);
                digest.update(verified.getSha256().getBytes(StandardCharsets.UTF_8));
            }
            RevisionOptions options = RevisionOptions.newBuilder()
                    .setLlmMode(upload.offline() ? LlmMode.OFFLINE : LlmMode.MODEL)
                    .setPageLimit(upload.pageLimit()).build();
            digest.update(options.toString().getBytes(StandardCharsets.UTF_8));
            String paperId = SubmissionIds.choose(views, clock, upload.paperId(),
                    SubmissionIds.folderName(unpacked, root) + "-revised");
            Instant now = clock.instant();
            RevisionRequestedEvent request = RevisionRequestedEvent.newBuilder().setPaperId(paperId)
                    .setSubmittedAt(now).setPaperFiles(paper).setReviews(reviews).setMaterials(materials)
                    .setVerifiedBibliography(verified).setOptions(options)
                    .setDigest(HexFormat.of().formatHex(digest.digest())).setTenant(tenant).build();
            submitter.send(Topics.REVISION_REQUESTS, paperId, request);
            PaperStatusChangedEvent submitted = PaperStatusPublisher.event(paperId, PaperSubmitter.STAGE,
                    "paper-service", StageState.COMPLETED, "revision submitted ("
                            + options.getLlmMode().name().toLowerCase(Locale.ROOT) + " mode, " + reviews.size()
                            + " review file(s))", now, null);
            // the status view learns the revision's owner from its first status
            submitted.setTenant(tenant);
            submitter.send(Topics.PAPER_STATUS, paperId, submitted);
            log.info("paper {} submitted for revision for tenant {} ({} mode)", paperId, tenant,
                    options.getLlmMode());
            Optional<PaperViewState> view = views.await(paperId, v -> true, readYourWrite);
            return new Submission(paperId, view.map(PaperViewState::getState).orElse("SUBMITTED"));
        } catch (IOException e) {
            log.warn("cannot unpack a revision upload in {}: {}", job, e.toString());
            throw new UncheckedIOException("cannot unpack the upload", e);
        } finally {
            ScratchDirectories.delete(job);
        }
    }

    /** Every file of the paper's source, by a name the agent may write; anything else refuses the upload. */
    static List<Path> paperFiles(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root, MAX_DEPTH + 1)) {
            List<Path> files = new ArrayList<>();
            for (Path file : walk.filter(path -> !Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)).sorted()
                    .toList()) {
                String name = root.relativize(file).toString().replace('\\', '/');
                if (ignored(name)) {
                    continue;
                }
                if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    throw new IllegalArgumentException("paper: " + name + " is not a regular file");
                }
                checkName("paper", name);
                files.add(file);
            }
            return files;
        }
    }

    /** What archivers add beside a directory's files (macOS resource forks, dot files), not part of the paper. */
    private static boolean ignored(String name) {
        return Stream.of(name.split("/")).anyMatch(segment -> segment.startsWith(".") || segment.equals("__MACOSX"));
    }

    private static void checkName(String part, String name) {
        String[] segments = name.split("/", -1);
        if (segments.length > MAX_DEPTH) {
            throw new IllegalArgumentException(part + ": " + name + " is nested deeper than " + MAX_DEPTH
                    + " directories");
        }
        for (String segment : segments) {
            if (!FigureNames.safeName(segment, MAX_SEGMENT, true)) {
                throw new IllegalArgumentException(part + ": '" + name + "' is not a plain file name (a letter or "
                        + "digit first, then letters, digits, '_', '.', '-'; not hidden)");
            }
        }
    }

    /** The reviews' file names without any directory part, each checked and used once. */
    static List<String> reviewNames(List<RevisionUpload.Review> reviews) {
        Set<String> seen = new HashSet<>();
        List<String> names = new ArrayList<>();
        for (RevisionUpload.Review review : reviews) {
            String name = review.name().replace('\\', '/');
            name = name.substring(name.lastIndexOf('/') + 1);
            checkName("reviews", name);
            if (!seen.add(name)) {
                throw new IllegalArgumentException("reviews: two files are named " + name);
            }
            names.add(name);
        }
        return names;
    }

    private List<NamedArtifact> materials(@Nullable Path archive, Path job) throws IOException {
        if (archive == null) {
            return List.of();
        }
        Path unpacked = Files.createDirectory(job.resolve("materials"));
        archives.unpack(archive, unpacked);
        Path root = SafeArchive.materialsRoot(unpacked);
        List<NamedArtifact> materials = new ArrayList<>();
        for (String name : MATERIALS) {
            Path file = root.resolve(name);
            if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                materials.add(NamedArtifact.newBuilder().setName(name)
                        .setArtifact(blobs.put(Files.readAllBytes(file), MediaTypes.MARKDOWN)).build());
            }
        }
        if (materials.isEmpty()) {
            throw new IllegalArgumentException("materials: neither experimental_log.md nor idea.md is in the upload");
        }
        return materials;
    }

    private NamedArtifact stored(String name, byte[] content, MessageDigest digest) {
        digest.update(name.getBytes(StandardCharsets.UTF_8));
        digest.update(content);
        return NamedArtifact.newBuilder().setName(name)
                .setArtifact(blobs.put(content, MediaTypes.forFileName(name))).build();
    }



    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

}
