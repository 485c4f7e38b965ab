package dev.paperorchestra.refine.human;

import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.revision.HumanReview;
import dev.paperorchestra.content.revision.LatexDiff;
import dev.paperorchestra.content.revision.PaperReviser;
import dev.paperorchestra.content.revision.PaperRevision;
import dev.paperorchestra.content.revision.PaperSource;
import dev.paperorchestra.content.revision.PointAnswer;
import dev.paperorchestra.content.revision.ReviewReader;
import dev.paperorchestra.content.revision.RevisionFiles;
import dev.paperorchestra.content.revision.RevisionMaterials;
import dev.paperorchestra.content.revision.RevisionSummary;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.content.revision.VerifiedWorks;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.RevisionEditedEvent;
import dev.paperorchestra.schemas.RevisionPointDecision;
import dev.paperorchestra.schemas.RevisionRequestedEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The revision step of a revision request: the uploaded paper, reviews and materials are written to a directory of
 * their own and revised by paper-content's {@link PaperRevision} exactly as {@code po revise} revises a directory
 * (points, decisions, evidence-locked edits kept by a re-score, compile, latexdiff, the page limit): offline by the
 * rules, in model mode by the reviser {@link VerifiedWorks#modelReviser} builds for both, through this agent's model
 * gateway, with citations verified by the literature agent. The outputs go to the blob store, the points and
 * decisions into the event.
 */
public final class HumanRevision {

    /** The files RevisionFiles writes beside the outputs that are the compile's scratch, not outputs. */
    private static final String SCRATCH = ".work";

    private final BlobStore blobs;
    private final LatexCompiler compiler;
    private final LatexDiff latexDiff;
    private final Path workDir;
    private final @Nullable ModelSetup model;

    /**
     * What model mode runs on.
     *
     * @param gateway   the agent's model gateway
     * @param mode      the mode summary.json names ("model:openai/gpt-..."), as po revise names it
     * @param verifiers the verifier of a reviewer's suggested work, per paper id
     */
    public record ModelSetup(LlmGateway gateway, String mode,
            Function<String, VerifiedWorks.TitleVerifier> verifiers) {
    }

    /** @param model null when this agent has no model mode (a request asking for it is then refused) */
    public HumanRevision(BlobStore blobs, LatexCompiler compiler, LatexDiff latexDiff, Path workDir,
            @Nullable ModelSetup model) {
        this.blobs = blobs;
        this.compiler = compiler;
        this.latexDiff = latexDiff;
        this.workDir = workDir;
        this.model = model;
    }

    /** @throws PermanentException for an upload that cannot be revised (no main .tex, no review text) */
    public RevisionEditedEvent revise(RevisionRequestedEvent request) {
        String paperId = request.getPaperId();
        try (RevisionWorkspace workspace = RevisionWorkspace.create(workDir, paperId)) {
            Path paperDir = workspace.write("paper", request.getPaperFiles(), blobs);
            Path reviewDir = workspace.write("reviews", request.getReviews(), blobs);
            Path materialsDir = workspace.write("materials", request.getMaterials(), blobs);
            PaperSource source;
            List<HumanReview> reviews = new ArrayList<>();
            try {
                source = PaperSource.read(paperDir);
                // in upload order, as po revise reads them in command-line order: the point ids follow it
                for (NamedArtifact review : request.getReviews()) {
                    reviews.addAll(ReviewReader.read(reviewDir.resolve(review.getName())));
                }
            } catch (IllegalArgumentException | UncheckedIOException e) {
                throw new PermanentException("cannot read the revision's upload: " + e.getMessage(), e);
            }
            if (reviews.isEmpty()) {
                throw new PermanentException("no review text found in " + request.getReviews().stream()
                        .map(NamedArtifact::getName).toList());
            }
            // a paper of several files is revised as one text, as po revise does
            RevisionMaterials materials = new RevisionMaterials(source.expandedTex(), source.bibliography(),
                    text(materialsDir, "experimental_log.md"), text(materialsDir, "idea.md"));
            String verified = request.getVerifiedBibliography() == null ? ""
                    : blobs.getText(request.getVerifiedBibliography());
            PaperRevision.Options options = new PaperRevision.Options(request.getOptions().getPageLimit());
            PaperRevision revision = new PaperRevision(compiler, latexDiff);
            PaperRevision.Outcome outcome;
            String label;
            if (request.getOptions().getLlmMode() == LlmMode.MODEL) {
                if (model == null) {
                    throw new PermanentException("model mode asked, but this refine agent has no model mode");
                }
                label = "";
                outcome = revision.run(paperId, source, materials, VerifiedWorks.modelReviser(model.gateway(),
                        paperId, materials, verified, model.verifiers().apply(paperId)), reviews, model.mode(),
                        options);
            } else {
                label = ModelMode.OFFLINE_LABEL;
                outcome = revision.run(paperId, source, materials, PaperReviser.offline(materials, verified),
                        reviews, "offline", options);
            }
            Path out = workspace.root().resolve("out");
            RevisionFiles.write(out, source, outcome, label);
            RevisionSummary summary = outcome.summary();
            return RevisionEditedEvent.newBuilder()
                    .setRequest(request)
                    .setMainTex(source.mainTex())
                    .setPoints(outcome.result().answers().stream().map(HumanRevision::point).toList())
                    .setArtifacts(upload(out))
                    .setEditsKept(summary.edits().kept())
                    .setEditsRolledBack(summary.edits().rolledBack())
                    .setEditsRejected(summary.edits().rejected())
                    .setValidPdf(summary.validPdf())
                    .setAuditClean(summary.audit().clean())
                    .setMode(summary.mode())
                    .build();
        }
    }

    private static RevisionPointDecision point(PointAnswer answer) {
        return RevisionPointDecision.newBuilder()
                .setPointId(answer.point().id())
                .setReviewer(answer.point().reviewer())
                .setKind(answer.point().kind().name())
                .setSection(answer.point().section())
                .setPlanned(answer.planned().decision().name())
                .setAnswered(answer.answered().decision().name())
                .build();
    }

    /** Every output file under {@code out}, by its '/'-separated path, in name order. */
    private List<NamedArtifact> upload(Path out) {
        try (Stream<Path> walk = Files.walk(out)) {
            List<NamedArtifact> artifacts = new ArrayList<>();
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                String name = out.relativize(file).toString().replace('\\', '/');
                if (name.startsWith(SCRATCH + "/")) {
                    continue;
                }
                artifacts.add(NamedArtifact.newBuilder().setName(name)
                        .setArtifact(blobs.put(Files.readAllBytes(file), MediaTypes.forFileName(name))).build());
            }
            return artifacts;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the revision's outputs", e);
        }
    }

    private static String text(Path directory, String name) {
        Path file = directory.resolve(name);
        try {
            return Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
