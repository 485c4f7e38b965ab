package dev.paperorchestra.outline.plan;

import dev.paperorchestra.outline.materials.ParsedMaterials;
import dev.paperorchestra.outline.plan.Outline.PlannedFigure;
import dev.paperorchestra.outline.schema.AspectRatios;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.NumericCell;
import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.schemas.JobOptions;
import java.util.List;

/**
 * The outline made by deterministic rules from the materials, without a model (offline mode). It passes the
 * outline schema for any materials that passed validation, and never invents: every title, name and statement
 * is copied from the materials.
 * <ul>
 * <li>{@code plotting_plan}: one {@code plot} per numeric table of the log, in log order, at most
 * {@code maxFigures}; the title is the table's caption exactly (the plotting agent finds the table by it); the
 * objective names the chart: a line chart when every row label is a number (a sweep), else a grouped bar
 * chart; wide (16:9) for tables of more than {@value #WIDE_ROWS} rows.</li>
 * <li>{@code intro_related_work_plan}: hook and gap are the idea's own paragraphs, the gap scoped to the
 * datasets of the log; 3-5 search directions from the idea's title and specific headings and the log's
 * datasets; 2-4 related-work clusters, one per kind of setup name (baselines, architectures, datasets,
 * metrics, optimizers), each querying the exact names.</li>
 * <li>{@code section_plan}: Abstract, the template's method section (subsections from idea.md's headings:
 * none or at least two), its experiments section (Setup plus one subsection per group of result tables) and
 * Conclusion. Every dataset, baseline, metric, optimizer and architecture of the setup becomes a hint
 * {@code research paper or technical report introducing '<exact name>'}; offline never knows authors, so the
 * {@code Author (Title)} form is never used.</li>
 * <li>{@code exemplar_plan}, only with exemplar papers: the section_plan entries take the exemplars' order and
 * share of the text ({@link ExemplarFollower}), and the plan records which exemplars shaped which entry.</li>
 * </ul>
 * <p>
 * <b>Literature queries.</b> The outline implies one query per search direction, one per related-work
 * mission, one per limitation search query and one per distinct citation hint; {@link SearchQueries#count}
 * computes this number for {@code OutlineCreatedEvent.searchQueryCount}, and the literature agent derives its
 * queries from the outline by the same rule.
 */
public final class OfflineOutliner {

    static final int WIDE_ROWS = 6;
    private static final String LOG = "experimental_log.md";

    private final int maxFigures;
    private final String defaultAspectRatio;

    /**
     * @param maxFigures         most plots planned (one per numeric table)
     * @param defaultAspectRatio aspect ratio of a plot unless its table is long
     */
    public OfflineOutliner(int maxFigures, String defaultAspectRatio) {
        if (!AspectRatios.ALLOWED.contains(defaultAspectRatio)) {
            throw new IllegalArgumentException("aspect ratio " + defaultAspectRatio + " is not one of "
                    + AspectRatios.ALLOWED);
        }
        this.maxFigures = maxFigures;
        this.defaultAspectRatio = defaultAspectRatio;
    }

    public Outline outline(ParsedMaterials materials, JobOptions options) {
        IdeaDigest idea = IdeaDigest.parse(materials.idea());
        LogDigest log = LogDigest.parse(materials.experimentalLog(), materials.tables(), idea.ownNames());
        List<PlannedFigure> figures = plottingPlan(materials.tables());
        List<Outline.SectionPlan> sections = SectionPlanner.plan(materials.template(), idea, log, figures);
        if (materials.exemplars() == null) {
            return new Outline(figures, LiteraturePlanner.plan(idea, log, options.getCutoffDate()), sections);
        }
        ExemplarFollower.Followed followed = ExemplarFollower.follow(sections, materials.exemplars());
        return new Outline(figures, LiteraturePlanner.plan(idea, log, options.getCutoffDate()),
                followed.sectionPlan(), followed.plan());
    }

    private List<PlannedFigure> plottingPlan(List<MarkdownTable> tables) {
        FigureIds ids = new FigureIds();
        return tables.stream().filter(MarkdownTable::isNumeric).limit(maxFigures)
                .map(table -> new PlannedFigure(ids.next(table.caption(), table.index()), table.caption(), "plot",
                        LOG, objective(table),
                        table.rows().size() > WIDE_ROWS ? AspectRatios.WIDE : defaultAspectRatio))
                .toList();
    }

    /**
     * Names the chart type first, so the plotting agent (and a reader) knows what to draw; header cells as a reader
     * sees them (emphasis gone, math as Unicode: "RMSE ↓").
     */
    static String objective(MarkdownTable table) {
        List<String> columns = table.numericColumns().stream()
                .map(column -> MarkdownDocument.inline(table.header().get(column)).plain()).toList();
        String rowHeader = MarkdownDocument.inline(table.header().getFirst()).plain();
        String rows = rowHeader.isBlank() ? "row" : rowHeader;
        String source = " from the table '" + table.caption() + "' in " + LOG + ", every value exactly as logged";
        boolean sweep = table.rowLabels().stream().allMatch(label -> NumericCell.parse(label).isPresent());
        return sweep
                ? "Line chart of " + OutlineWording.list(columns) + " against " + rows + ", one line per column" + source
                : "Grouped bar chart of " + OutlineWording.list(columns) + " for each " + rows + source;
    }
}
