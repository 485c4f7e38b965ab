package dev.paperorchestra.refine.completion;

import dev.paperorchestra.content.integrity.FontsGate;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.outputs.PaperVerdict;
import dev.paperorchestra.model.summary.RunSummary;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.kafka.StageTimings;
import dev.paperorchestra.gateway.usage.PaperUsage;
import dev.paperorchestra.gateway.usage.UsageLedger;
import dev.paperorchestra.runtime.tracing.RecordTracing;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.PaperVersion;
import dev.paperorchestra.schemas.ReviewedVersion;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends a paper: the refinement timing, the consistency checks, summary.json, and the completed event naming
 * every output file by its path under OUT/paperId.
 */
public final class PaperCompletion {

    private static final Logger log = LoggerFactory.getLogger(PaperCompletion.class);

    public static final String STAGE = "refinement";

    /** Longest wait for other agents' model calls to reach this agent's ledger before the sums are taken. */
    static final Duration USAGE_CATCH_UP = Duration.ofSeconds(10);

    private final BlobStore blobs;
    private final String agent;
    private final UsageLedger usage;
    private final RecordTracing tracing;
    private final @Nullable String pricesChecked;

    public PaperCompletion(BlobStore blobs, String agent, UsageLedger usage, RecordTracing tracing) {
        this(blobs, agent, usage, tracing, null);
    }

    /** @param pricesChecked when the price table the cost estimates use was checked, as summary.json says it */
    public PaperCompletion(BlobStore blobs, String agent, UsageLedger usage, RecordTracing tracing,
            @Nullable String pricesChecked) {
        this.blobs = blobs;
        this.agent = agent;
        this.usage = usage;
        this.tracing = tracing;
        this.pricesChecked = pricesChecked;
    }

    private PaperUsage paperUsage(String paperId) {
        if (!usage.awaitCaughtUp(USAGE_CATCH_UP)) {
            log.warn("paper {}: not every agent's model calls were visible after {} s; summary.json may count "
                    + "fewer", paperId, USAGE_CATCH_UP.toSeconds());
        }
        return usage.usage(paperId);
    }

    public PaperCompletedEvent complete(RefinementOutcome outcome, Instant now) {
        PaperDraftedEvent draft = outcome.state().getDraft();
        PaperContext context = StageTimings.append(draft.getContext(), STAGE, agent, now);
        ReviewedVersion best = outcome.best();
        PaperVersion kept = best.getPaper();
        String tex = blobs.getText(kept.getTex());
        List<SummaryCheck> checks = ConsistencyChecks.run(tex, kept.getCompile(), blobs.getText(draft.getBibliography()),
                draft.getFigures(), context.getMaterials().getFigures(), context.getMaterials().getTemplateFiles());
        RunSummary summary = new RunSummaryWriter(context, draft.getStats(), PaperCounts.of(tex),
                kept.getCompile(), outcome.iterations(), kept.getVersion(), outcome.decisions(),
                best.getScores().getOverall(), checks, paperUsage(context.getPaperId())).toSummary();
        if (!summary.offline() && pricesChecked != null) {
            summary = summary.withLlm(summary.llm().withPricesChecked(pricesChecked));
        }
        if (kept.getPdf() != null) {
            summary = summary.withFonts(RunSummaryWriter.fonts(FontsGate.check(blobs.get(kept.getPdf()))));
        }
        // what it takes to recompute the loop's decisions from the outputs: the limit it ran under, and the
        // version each review scored
        summary = summary.withRefinement(summary.refinement().withProvenance(outcome.iterationLimit(), "worklog.json",
                outcome.reviews().stream().map(NamedArtifact::getName).toList(),
                PanelFigures.of(outcome.reviews(), blobs::getText).orElse(null)));
        // the paper's trace (the completing review's record continues it), to find the run in a tracing backend
        summary = summary.withTraceId(tracing.currentTraceId());
        ArtifactRef summaryRef = blobs.putText(summary.toJsonText(), MediaTypes.JSON);
        // judged as po run judges the written outputs, so every reader of paper-completed tells complete from not
        PaperVerdict verdict = PaperVerdict.of(summary, kept.getPdf() != null, true);
        return PaperCompletedEvent.newBuilder()
                .setContext(context)
                .setArtifacts(artifacts(outcome, context, summaryRef))
                .setFinalVersion(kept.getVersion())
                .setIterations(outcome.iterations())
                .setFinalOverall(best.getScores().getOverall())
                .setCompile(kept.getCompile())
                .setShortfalls(verdict.shortfalls())
                .build();
    }

    /** The paper-status line of a completed paper. */
    public static String statusMessage(PaperCompletedEvent completed) {
        Double overall = completed.getFinalOverall();
        return "kept version " + completed.getFinalVersion() + " after " + completed.getIterations()
                + (completed.getIterations() == 1 ? " iteration" : " iterations") + "; overall "
                + (overall == null ? "unknown" : BigDecimal.valueOf(overall).stripTrailingZeros()
                        .toPlainString());
    }

    /** The output name of a kept version's LaTeX. */
    public static String versionName(int version) {
        return "versions/v" + version + ".tex";
    }

    private static List<NamedArtifact> artifacts(RefinementOutcome outcome, PaperContext context, ArtifactRef summary) {
        PaperDraftedEvent draft = outcome.state().getDraft();
        PaperVersion kept = outcome.best().getPaper();
        // keyed by output path: a figure whose PNG is also its included file is listed once
        Map<String, ArtifactRef> files = new LinkedHashMap<>();
        files.put("paper.tex", kept.getTex());
        if (kept.getPdf() != null) {
            files.put("paper.pdf", kept.getPdf());
        }
        files.put("references.bib", draft.getBibliography());
        if (context.getOutline() != null) {
            files.put("outline.json", context.getOutline());
        }
        files.put("citation_map.json", draft.getCitationMap());
        files.put("worklog.json", outcome.worklog());
        files.put("summary.json", summary);
        for (Figure figure : draft.getFigures()) {
            if (figure.getPdf() != null) {
                files.put("figures/" + figure.getFileName(), figure.getPdf());
            }
            if (figure.getPng() != null) {
                String included = "figures/" + figure.getFileName();
                files.putIfAbsent(included.toLowerCase(Locale.ROOT).endsWith(".png") ? included
                        : "figures/" + figure.getFigureId() + ".png", figure.getPng());
            }
            if (figure.getProvenance() != null) {
                // the figure's spec, cells and critique rounds, so a reader can check every plotted number
                files.put("figures/" + figure.getFigureId() + ".json", figure.getProvenance());
            }
        }
        // an author's figure is published above as the plotting agent's inspected copy, under its included name;
        // the uploaded file itself (a PDF could carry scripts or attachments) is never republished
        for (NamedArtifact review : outcome.reviews()) {
            files.put(review.getName(), review.getArtifact());
        }
        // with two or more kept versions, each one's LaTeX, so a reader (the console) can diff consecutive ones
        List<PaperVersion> versions = outcome.keptVersions();
        if (versions.size() > 1) {
            for (PaperVersion version : versions) {
                files.put(versionName(version.getVersion()), version.getTex());
            }
        }
        // the template's author kit beside paper.tex, so the output directory compiles as it is; never in place of
        // an output of ours
        for (NamedArtifact kitFile : context.getMaterials().getTemplateFiles()) {
            if (LatexCompiler.kitPathAllowed(kitFile.getName())) {
                files.putIfAbsent(kitFile.getName(), kitFile.getArtifact());
            }
        }
        List<NamedArtifact> artifacts = new ArrayList<>();
        files.forEach((name, ref) -> artifacts.add(NamedArtifact.newBuilder().setName(name).setArtifact(ref).build()));
        return artifacts;
    }
}
