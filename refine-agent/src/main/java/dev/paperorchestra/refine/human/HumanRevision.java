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
import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.runtime.llm.ModelMode;
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
import java.util.stream.Stream;

/**
 * The revision step of a revision request: the uploaded paper, reviews and materials are written to a directory of
 * their own and revised by paper-content's {@link PaperRevision} exactly as {@code po revise --offline} revises a
 * directory (points, decisions, evidence-locked edits kept by the points' own score, compile, latexdiff); the
 * outputs go to the blob store, the points and decisions into the event.
 */
public final class HumanRevision {

    /** The files RevisionFiles writes beside the outputs that are the compile's scratch, not outputs. */
    private static final String SCRATCH = ".work";

    private final BlobStore blobs;
    private final LatexCompiler compiler;
    private final LatexDiff latexDiff;
    private final Path workDir;

    public HumanRevision(BlobStore blobs, LatexCompiler compiler, LatexDiff latexDiff, Path workDir) {
        this.blobs = blobs;
        this.compiler = compiler;
        this.latexDiff = latexDiff;
        this.workDir = workDir;
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
            RevisionMaterials materials = new RevisionMaterials(source.tex(), source.bibliography(),
                    text(materialsDir, "experimental_log.md"), text(materialsDir, "idea.md"));
            String verified = request.getVerifiedBibliography() == null ? ""
                    : blobs.getText(request.getVerifiedBibliography());
            // the model-backed reviser plugs in here once PaperReviser has it; until then every mode runs the
            // offline rules, and the outputs say so (label, summary.json's mode)
            PaperRevision.Outcome outcome = new PaperRevision(compiler, latexDiff).run(paperId, source, materials,
                    PaperReviser.offline(materials, verified), reviews, "offline");
            Path out = workspace.root().resolve("out");
            RevisionFiles.write(out, source, outcome, ModelMode.OFFLINE_LABEL);
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
