package dev.paperorchestra.writer.draft;

import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.StageTimings;
import dev.paperorchestra.runtime.llm.ModelMode;
import dev.paperorchestra.runtime.materials.LatexReferences;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.DraftStats;
import dev.paperorchestra.schemas.FiguresRenderedEvent;
import dev.paperorchestra.schemas.LiteratureDraftedEvent;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.PaperVersion;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.writer.compile.CompileJob;
import dev.paperorchestra.writer.compile.CompileOutcome;
import dev.paperorchestra.writer.compile.LatexCompiler;
import dev.paperorchestra.writer.join.DraftResult;
import dev.paperorchestra.writer.join.Drafter;
import dev.paperorchestra.writer.sections.ModelSectionWriter;
import dev.paperorchestra.writer.sections.SectionWriter;
import dev.paperorchestra.writer.sections.WriterInputs;
import dev.paperorchestra.writer.sections.WrittenPaper;
import dev.paperorchestra.writer.tables.NumericFidelity;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drafts a paper from its two halves: writes the remaining sections (offline rules or the model), stores
 * paper.tex, compiles it, and builds the paper-drafts event with its status events. A PDF that could not be
 * made does not stop the paper: the draft goes on with the compile outcome in its report and a notice.
 */
public final class PaperDrafter implements Drafter {

    private static final Logger log = LoggerFactory.getLogger(PaperDrafter.class);

    private final BlobStore blobs;
    private final SectionWriter offline;
    private final ModelSectionWriter model;
    private final LatexCompiler compiler;
    private final AgentIdentity identity;
    private final Clock clock;

    public PaperDrafter(BlobStore blobs, SectionWriter offline, ModelSectionWriter model, LatexCompiler compiler,
            AgentIdentity identity, Clock clock) {
        this.blobs = blobs;
        this.offline = offline;
        this.model = model;
        this.compiler = compiler;
        this.identity = identity;
        this.clock = clock;
    }

    @Override
    public DraftResult draft(LiteratureDraftedEvent literature, FiguresRenderedEvent figures) {
        PaperContext joined = StageTimings.merge(literature.getContext(), figures.getContext());
        String paperId = joined.getPaperId();
        Materials materials = joined.getMaterials();
        WriterInputs inputs = new WriterInputs(blobs.getText(literature.getDraft()), blobs.getText(materials.getIdea()),
                blobs.getText(materials.getExperimentalLog()), figures.getFigures());
        WrittenPaper paper = ModelMode.isOffline(joined) ? offline.write(inputs) : model.write(paperId, inputs);
        ArtifactRef tex = blobs.putText(paper.tex(), MediaTypes.TEX);

        CompileOutcome outcome = compiler.compile(new CompileJob(paperId, paper.tex(),
                blobs.getText(literature.getBibliography()),
                FigureFiles.resolve(figures.getFigures(), materials, blobs)));
        ArtifactRef pdf = outcome instanceof CompileOutcome.Compiled compiled
                ? blobs.put(compiled.pdf(), MediaTypes.PDF) : null;

        PaperDraftedEvent draft = PaperDraftedEvent.newBuilder()
                .setContext(StageTimings.append(joined, identity.stage(), identity.name(), clock.instant()))
                .setDraft(PaperVersion.newBuilder().setVersion(0).setTex(tex).setPdf(pdf).setCompile(report(outcome))
                        .build())
                .setBibliography(literature.getBibliography())
                .setCitationMap(literature.getCitationMap())
                .setFigures(figures.getFigures())
                .setStats(DraftStats.newBuilder()
                        .setCandidateCount(literature.getCandidateCount())
                        .setVerifiedCitations(literature.getVerifiedCount())
                        .setRejectedCandidates(literature.getRejectedCount())
                        .setScholarRequests(literature.getScholarRequests())
                        .setFigureCount(paper.figureCount())
                        .setTableCount(paper.tableCount())
                        .setCitedKeys(LatexReferences.citeKeys(paper.tex()).size())
                        .setCandidatesFound(literature.getCandidatesFound())
                        .setScholarCacheHits(literature.getCacheHits())
                        .setScholarResolved(literature.getResolvedByRequests())
                        .setRejectedByReason(literature.getRejectedByReason())
                        .build())
                .build();
        log.info("paper {}: paper.tex written ({}), compile {}; emitting the draft", paperId, summary(paper),
                draft.getDraft().getCompile().getStatus());
        return new DraftResult(draft, statuses(paperId, paper, outcome));
    }

    private List<PaperStatusChangedEvent> statuses(String paperId, WrittenPaper paper, CompileOutcome outcome) {
        List<PaperStatusChangedEvent> statuses = new ArrayList<>();
        NumericFidelity.Report fidelity = paper.fidelity();
        if (!fidelity.exact()) {
            log.warn("paper {}: {} of {} logged numbers are not in paper.tex as logged; a notice goes to paper-status",
                    paperId, fidelity.missing().size(), fidelity.checked());
            statuses.add(status(paperId, StageState.NOTICE, fidelity.missing().size() + " of " + fidelity.checked()
                    + " numbers of the log's tables are not in paper.tex as logged, e.g. "
                    + fidelity.missing().getFirst()));
        }
        String written = "paper.tex written (" + summary(paper) + ")";
        String completed = switch (outcome) {
            case CompileOutcome.Compiled compiled -> written + ", " + compiled.message();
            case CompileOutcome.Skipped skipped -> {
                statuses.add(status(paperId, StageState.NOTICE, "PDF skipped: " + skipped.reason()));
                yield written + "; PDF skipped: " + skipped.reason();
            }
            case CompileOutcome.Failed failed -> {
                statuses.add(status(paperId, StageState.NOTICE, "PDF not produced, LaTeX failed: " + failed.message()
                        + "; the draft goes on to refinement without a PDF"));
                yield written + "; PDF failed: " + failed.message();
            }
        };
        statuses.add(status(paperId, StageState.COMPLETED, completed));
        return statuses;
    }

    /** E.g. "6 tables, 1 figure, 239/239 logged numbers in place". */
    private static String summary(WrittenPaper paper) {
        return count(paper.tableCount(), "table") + ", " + count(paper.figureCount(), "figure") + ", "
                + paper.fidelity().found() + "/" + paper.fidelity().checked() + " logged numbers in place";
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private PaperStatusChangedEvent status(String paperId, StageState state, String message) {
        return PaperStatusPublisher.event(paperId, identity.stage(), identity.name(), state, message, clock.instant());
    }

    private static CompileReport report(CompileOutcome outcome) {
        return switch (outcome) {
            case CompileOutcome.Compiled compiled -> CompileReport.newBuilder().setStatus(CompileStatus.COMPILED)
                    .setMessage(compiled.message() + warnings(compiled.warnings()))
                    .setPageCount(compiled.pages() > 0 ? compiled.pages() : null).build();
            case CompileOutcome.Skipped skipped -> CompileReport.newBuilder().setStatus(CompileStatus.SKIPPED)
                    .setMessage(skipped.reason()).build();
            case CompileOutcome.Failed failed -> CompileReport.newBuilder().setStatus(CompileStatus.FAILED)
                    .setMessage(failed.message()).build();
        };
    }

    private static String warnings(List<String> warnings) {
        return warnings.isEmpty() ? "" : ": " + String.join(", ", warnings.stream().limit(10).toList());
    }
}
