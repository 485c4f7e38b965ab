package dev.paperorchestra.writer.repair;

import dev.paperorchestra.content.integrity.DraftUnderCheck;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.content.integrity.GatesReport;
import dev.paperorchestra.content.integrity.IntegrityGates;
import dev.paperorchestra.content.integrity.PageFillGate;
import dev.paperorchestra.content.latex.CompileJob;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.latex.LatexIssue;
import dev.paperorchestra.content.latex.PdfPages;
import dev.paperorchestra.model.tex.UnicodeLatex;
import dev.paperorchestra.writer.figures.FigurePlan;
import dev.paperorchestra.writer.figures.LeftOutFigureCheck;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Compiles a draft, runs the integrity gates on it and measures its main text; while something is wrong and
 * the bound for that kind of problem allows, asks the repairer for a fixed text and checks that again. LaTeX
 * errors come first (nothing else can be measured without a PDF), then gate findings, then the page limit.
 * The best version seen is kept, so a revision that makes things worse is not handed on.
 */
public final class DraftRepairLoop {

    private static final Logger log = LoggerFactory.getLogger(DraftRepairLoop.class);
    private static final List<Problem> ORDER = List.of(Problem.COMPILE, Problem.GATES, Problem.PAGES);

    private final LatexCompiler compiler;
    private final RepairLimits limits;

    public DraftRepairLoop(LatexCompiler compiler, RepairLimits limits) {
        this.compiler = compiler;
        this.limits = limits;
    }

    /**
     * @param materials   what the gates compare against (its tex is replaced by each version)
     * @param figureFiles the figure files the compile needs, by file name
     * @param pageLimit   the guidelines' main-text page limit, or null
     * @param repairer     who fixes problems; {@link Repairer#NONE} only checks
     */
    public CheckedDraft check(String paperId, String tex, DraftUnderCheck materials, Map<String, byte[]> figureFiles,
            @Nullable Integer pageLimit, Repairer repairer) {
        return check(paperId, tex, materials, figureFiles, pageLimit, repairer, false);
    }

    /**
     * @param fillPages true in model mode: the main text must also fill the configured share of the page limit
     *                  (an offline draft says only what the materials say, however long that is)
     */
    public CheckedDraft check(String paperId, String tex, DraftUnderCheck materials, Map<String, byte[]> figureFiles,
            @Nullable Integer pageLimit, Repairer repairer, boolean fillPages) {
        return check(paperId, tex, materials, figureFiles, pageLimit, repairer, fillPages, FigurePlan.NONE);
    }

    /**
     * @param figures how the figures present the data: the text must not refer to a figure left out, nor typeset
     *                a table a chart presents alone (CONTENT findings)
     */
    public CheckedDraft check(String paperId, String tex, DraftUnderCheck materials, Map<String, byte[]> figureFiles,
            @Nullable Integer pageLimit, Repairer repairer, boolean fillPages, FigurePlan figures) {
        return check(paperId, tex, materials, figureFiles, pageLimit, repairer, fillPages, figures, Map.of());
    }

    /**
     * @param kit the template's author kit, beside paper.tex at every compile (path to content)
     */
    public CheckedDraft check(String paperId, String tex, DraftUnderCheck materials, Map<String, byte[]> figureFiles,
            @Nullable Integer pageLimit, Repairer repairer, boolean fillPages, FigurePlan figures,
            Map<String, byte[]> kit) {
        double floor = fillPages ? limits.pageFillFloor() : 0;
        Repairs repairs = Repairs.NONE;
        String current = tex;
        CheckedDraft best = null;
        while (true) {
            CheckedDraft checked = measure(paperId, current, materials, figureFiles, pageLimit, floor, repairs,
                    figures, kit);
            best = best == null || score(checked) <= score(best) ? checked : best;
            Optional<Problem> problem = next(checked, repairs, repairer);
            if (problem.isEmpty()) {
                return withRepairs(best, repairs);
            }
            log.info("paper {}: asking for a revision ({} repair {} of {}): {}", paperId, problem.get(),
                    repairs.of(problem.get()) + 1, limits.of(problem.get()), summary(checked));
            Optional<String> revised = repairer.revise(paperId, problem.get(), current,
                    RepairDetails.of(problem.get(), checked));
            repairs = repairs.plus(problem.get());
            if (revised.isEmpty() || revised.get().equals(current)) {
                log.warn("paper {}: the {} revision brought no usable change; the best version so far goes on",
                        paperId, problem.get());
                return withRepairs(best, repairs);
            }
            current = revised.get();
        }
    }

    private CheckedDraft measure(String paperId, String written, DraftUnderCheck materials,
            Map<String, byte[]> figureFiles, @Nullable Integer pageLimit, double floor, Repairs repairs,
            FigurePlan figures, Map<String, byte[]> kit) {
        // a model may write any character; the paper that is checked and shipped is the one its engine can set
        String tex = UnicodeLatex.typesettable(written);
        CompileOutcome outcome = compiler.compile(new CompileJob(paperId, tex, materials.bibliography(), figureFiles,
                kit));
        List<LatexIssue> warnings = outcome instanceof CompileOutcome.Compiled compiled ? compiled.warnings()
                : List.of();
        Integer pages = outcome instanceof CompileOutcome.Compiled compiled
                ? PdfPages.mainTextPages(compiled.pdf(), materials.notCounted()).orElse(null) : null;
        GatesReport gates = LeftOutFigureCheck.withFindings(
                IntegrityGates.check(materials.withTex(tex).withCompileWarnings(warnings)),
                figures.findings(tex, materials.experimentalLog()), figures.checked())
                .with(PageFillGate.check(pages, pageLimit, floor));
        return new CheckedDraft(tex, outcome, gates, pages, pageLimit, repairs);
    }

    private Optional<Problem> next(CheckedDraft checked, Repairs repairs, Repairer repairer) {
        return ORDER.stream().filter(repairer::handles).filter(problem -> present(problem, checked))
                .filter(problem -> repairs.of(problem) < limits.of(problem)).findFirst();
    }

    private static boolean present(Problem problem, CheckedDraft checked) {
        return switch (problem) {
            case COMPILE -> checked.compile() instanceof CompileOutcome.Failed;
            case GATES -> !checked.gates().without(Gate.PAGES).passed();
            case PAGES -> checked.outOfPageBounds();
        };
    }

    /** Lower is better: a PDF first, then fewer text-gate findings, then within the page bounds. */
    private static int score(CheckedDraft checked) {
        return (checked.compile() instanceof CompileOutcome.Failed ? 10_000 : 0)
                + checked.gates().without(Gate.PAGES).findingCount() * 10 + (checked.outOfPageBounds() ? 5 : 0);
    }

    private static CheckedDraft withRepairs(CheckedDraft draft, Repairs repairs) {
        return new CheckedDraft(draft.tex(), draft.compile(), draft.gates(), draft.mainTextPages(),
                draft.pageLimit(), repairs);
    }

    private static String summary(CheckedDraft checked) {
        String pages = checked.mainTextPages() == null ? "no PDF"
                : checked.mainTextPages() + " main-text pages" + (checked.pageLimit() == null ? ""
                        : " of " + checked.pageLimit());
        return "compile " + checked.compile().getClass().getSimpleName() + ", " + checked.gates().summary() + ", "
                + pages;
    }
}
