package dev.paperorchestra.writer.draft;

import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.content.integrity.DraftUnderCheck;
import dev.paperorchestra.content.integrity.GateResult;
import dev.paperorchestra.content.integrity.PlottedTables;
import dev.paperorchestra.runtime.kafka.StageTimings;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.content.materials.Guidelines;
import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.content.materials.MessyNotes;
import dev.paperorchestra.content.materials.TemplateKit;
import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.template.SubmissionModes;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.DraftStats;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.FiguresReadyEvent;
import dev.paperorchestra.schemas.GateFinding;
import dev.paperorchestra.schemas.GateOutcome;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.PaperVersion;
import dev.paperorchestra.schemas.WriterRepairs;
import dev.paperorchestra.writer.figures.FigurePlan;
import dev.paperorchestra.writer.join.DraftResult;
import dev.paperorchestra.writer.join.Drafter;
import dev.paperorchestra.writer.repair.CheckedDraft;
import dev.paperorchestra.writer.repair.DraftRepairLoop;
import dev.paperorchestra.writer.repair.ModelRepairer;
import dev.paperorchestra.writer.repair.OfflineTightener;
import dev.paperorchestra.writer.repair.Repairer;
import dev.paperorchestra.writer.sections.ModelSectionWriter;
import dev.paperorchestra.writer.sections.SectionWriter;
import dev.paperorchestra.writer.sections.WriterInputs;
import dev.paperorchestra.writer.sections.WrittenPaper;
import dev.paperorchestra.writer.tables.NumericFidelity;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drafts a paper from its two halves: writes the remaining sections (offline rules or the model), compiles the
 * draft and runs the integrity gates on it (in model mode repairing what they find, bounded), stores paper.tex
 * and builds the paper-drafts event with its status events. A PDF that could not be made does not stop the
 * paper: the draft goes on with the compile outcome in its report and a notice.
 */
public final class PaperDrafter implements Drafter {

    private static final Logger log = LoggerFactory.getLogger(PaperDrafter.class);

    private final BlobStore blobs;
    private final SectionWriter offline;
    private final ModelSectionWriter model;
    private final DraftRepairLoop checker;
    private final AgentIdentity identity;
    private final Clock clock;
    private final WriterMetrics metrics;

    public PaperDrafter(BlobStore blobs, SectionWriter offline, ModelSectionWriter model, DraftRepairLoop checker,
            AgentIdentity identity, Clock clock, WriterMetrics metrics) {
        this.blobs = blobs;
        this.offline = offline;
        this.model = model;
        this.checker = checker;
        this.identity = identity;
        this.clock = clock;
        this.metrics = metrics;
    }

    @Override
    public DraftResult draft(LiteratureReadyEvent literature, FiguresReadyEvent figures) {
        PaperContext joined = StageTimings.merge(literature.getContext(), figures.getContext());
        String paperId = joined.getPaperId();
        Materials materials = joined.getMaterials();
        String guidelinesText = blobs.getText(materials.getGuidelines());
        Guidelines guidelines = Guidelines.parse(guidelinesText);
        // the job's own limit (po run --page-limit) wins over the guidelines'
        Integer pageLimit = joined.getOptions().getPageLimit() != null ? joined.getOptions().getPageLimit()
                : guidelines.pageLimit().orElse(null);
        String bibliography = blobs.getText(literature.getBibliography());
        Map<String, byte[]> figureFiles = FigureFiles.resolve(figures.getFigures(), blobs);
        String outline = joined.getOutline() == null ? "" : blobs.getText(joined.getOutline());
        FigurePlan figurePlan = FigurePlan.of(figures.getFigures(), figures.getSkipped(), outline, blobs::getText);
        // the offline rules and the model both write from the cleaned notes (no preprint ids, pasted references, ...)
        WriterInputs inputs = new WriterInputs(blobs.getText(literature.getDraft()),
                MessyNotes.cleanText(blobs.getText(materials.getIdea())),
                MessyNotes.cleanText(blobs.getText(materials.getExperimentalLog())), figures.getFigures(), outline,
                blobs.getText(literature.getCitationMap()), images(figures.getFigures()), pageLimit, figurePlan,
                SubmissionModes.doubleBlind(MarkdownDocument.parse(guidelinesText).plainText()),
                guidelines.mandatorySections());
        boolean offlineMode = ModelMode.isOffline(joined);
        WrittenPaper written = offlineMode ? offline.write(inputs) : model.write(paperId, inputs);

        Map<String, byte[]> kit = TemplateKit.of(materials, blobs);
        DraftUnderCheck materialsCheck = new DraftUnderCheck(written.tex(), bibliography, inputs.experimentalLog(),
                inputs.idea(), figures.getFigures().stream().map(Figure::getFileName).distinct().toList(),
                figureFiles.keySet(), guidelines.mandatorySections(), List.of(), inputs.outline(),
                PlottedTables.of(figures.getFigures(), blobs::getText)).withNotCounted(guidelines.excludedParts())
                .withKitFiles(kit.keySet());
        Repairer repairer = offlineMode ? new OfflineTightener(guidelines.excludedParts().contains("appendix"))
                : model.repairer(new ModelRepairer.Materials(
                inputs.idea(), inputs.experimentalLog(), List.copyOf(LatexReferences.bibKeys(bibliography)),
                ModelSectionWriter.figures(figures.getFigures()),
                LatexTemplate.parse(inputs.draftTex()).twoColumn(), pageLimit));
        CheckedDraft checked = checker.check(paperId, written.tex(), materialsCheck, figureFiles, pageLimit, repairer,
                !offlineMode, figurePlan, kit);
        metrics.drafted(checked);
        WrittenPaper paper = new WrittenPaper(checked.tex(), written.tableCount(), written.figureCount(),
                NumericFidelity.check(figurePlan.typeset(MarkdownTables.parse(inputs.experimentalLog())),
                        checked.tex()));

        ArtifactRef tex = blobs.putText(paper.tex(), MediaTypes.TEX);
        CompileOutcome outcome = checked.compile();
        ArtifactRef pdf = outcome instanceof CompileOutcome.Compiled compiled
                ? blobs.put(compiled.pdf(), MediaTypes.PDF) : null;
        PaperDraftedEvent draft = PaperDraftedEvent.newBuilder()
                .setContext(StageTimings.append(joined, identity.stage(), identity.name(), clock.instant()))
                .setDraft(PaperVersion.newBuilder().setVersion(0).setTex(tex).setPdf(pdf)
                        .setCompile(DraftStatuses.report(outcome)).build())
                .setBibliography(literature.getBibliography())
                .setCitationMap(literature.getCitationMap())
                .setFigures(figures.getFigures())
                .setStats(stats(literature, paper, checked))
                .build();
        log.info("paper {}: paper.tex written ({}), compile {}, {}; emitting the draft", paperId,
                DraftStatuses.summary(paper), draft.getDraft().getCompile().getStatus(), checked.gates().summary());
        return new DraftResult(draft, new DraftStatuses(identity, clock).of(paperId, paper, checked));
    }

    /** PNG renderings by file name, for vision-capable models (author PDFs without a PNG are described only). */
    private Map<String, byte[]> images(List<Figure> figures) {
        Map<String, byte[]> images = new LinkedHashMap<>();
        figures.stream().filter(figure -> figure.getPng() != null)
                .forEach(figure -> images.putIfAbsent(figure.getFileName(),
                        blobs.get(Objects.requireNonNull(figure.getPng()))));
        return images;
    }

    private static DraftStats stats(LiteratureReadyEvent literature, WrittenPaper paper, CheckedDraft checked) {
        return DraftStats.newBuilder()
                .setCandidateCount(literature.getCandidateCount())
                .setVerifiedCitations(literature.getVerifiedCount())
                .setRejectedCandidates(literature.getRejectedCount())
                .setScholarRequests(literature.getScholarRequests())
                .setFigureCount(paper.figureCount())
                .setTableCount(paper.tableCount())
                .setCitedKeys(LatexReferences.citeKeys(paper.tex()).size())
                .setGates(checked.gates().results().stream().map(PaperDrafter::outcome).toList())
                .setRepairs(WriterRepairs.newBuilder().setGates(checked.repairs().gates())
                        .setCompile(checked.repairs().compile()).setPages(checked.repairs().pages()).build())
                .setMainTextPages(checked.mainTextPages())
                .setPageLimit(checked.pageLimit())
                .setCandidatesFound(literature.getCandidatesFound())
                .setScholarCacheHits(literature.getCacheHits())
                .setScholarResolved(literature.getResolvedByRequests())
                .setScholarSource(literature.getScholarSource())
                .setScholarReplayLookups(literature.getReplayLookups())
                .setRejectedByReason(literature.getRejectedByReason())
                .build();
    }

    private static GateOutcome outcome(GateResult result) {
        return GateOutcome.newBuilder().setGate(result.gate().name()).setPassed(result.passed())
                .setChecked(result.checked()).setFindings(result.messages())
                .setTypedFindings(result.findings().stream().map(finding -> GateFinding.newBuilder()
                        .setGate(finding.gate().name()).setRule(finding.rule()).setFile(finding.location().file())
                        .setLine(finding.location().line()).setMessage(finding.message()).build()).toList())
                .build();
    }
}
