package dev.paperorchestra.plotting.render;

import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.plotting.spec.ChartSpec;
import dev.paperorchestra.plotting.spec.SpecTables;
import dev.paperorchestra.plotting.spec.TablePresentation;
import dev.paperorchestra.gateway.ModelMode;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.JFreeChart;
import org.jspecify.annotations.Nullable;

/**
 * Renders one planned figure. A plot is charted from cells of the log, every value a logged number; the same
 * chart is written as a vector PDF (for LaTeX) and a PNG (for previews and the critic). Offline, rules choose
 * the table, the columns and the kind. In MODEL mode the planner writes a chart spec and the critic reviews
 * each rendering, the planner revising the spec from the critic's issues ({@link ChartCritiqueLoop}).
 */
public final class FigureRenderer {

    public static final String OFFLINE_DIAGRAM = "diagram figures need a model; offline mode draws data charts only";

    private final Settings settings;
    private final ChartCritiqueLoop loop;
    private final DiagramMaker diagrams;

    /**
     * Rendering settings.
     *
     * @param sizes             printed sizes
     * @param pngDpi            PNG resolution
     * @param maxCritiqueRounds critic reviews per figure in MODEL mode
     */
    public record Settings(SizePolicy sizes, int pngDpi, int maxCritiqueRounds) {
    }

    /**
     * One figure to render.
     *
     * @param paperId      the paper
     * @param figure       the planned figure
     * @param tables       the materials' tables the figure may draw on
     * @param twoColumn    true when the venue's template sets two columns
     * @param offline      true for an OFFLINE job: no model, files labelled
     * @param observations the log as cleaned at intake (the model's materials, captions checked against it); ""
     *                     offline
     * @param idea         the idea as cleaned at intake (the model's materials); "" offline
     * @param headline     the metrics the idea calls its results, which a chart plots first
     */
    public record Request(String paperId, PlannedFigure figure, List<SourceTable> tables, boolean twoColumn,
            boolean offline, String observations, String idea, HeadlineMetrics headline) {

        public Request {
            tables = List.copyOf(tables);
        }

        /** The paper's materials as the model reads them, in the rendering every step shares. */
        public Prompt.Materials materials() {
            return new Prompt.Materials(idea, observations);
        }

        public Request(String paperId, PlannedFigure figure, List<SourceTable> tables, boolean twoColumn,
                boolean offline, String observations, String idea) {
            this(paperId, figure, tables, twoColumn, offline, observations, idea, HeadlineMetrics.NONE);
        }

        public Request(String paperId, PlannedFigure figure, List<SourceTable> tables, boolean twoColumn,
                boolean offline) {
            this(paperId, figure, tables, twoColumn, offline, "", "");
        }
    }

    /** The outcome for one figure. */
    public sealed interface Outcome {
    }

    /**
     * A rendered figure.
     *
     * @param pdf            vector rendering, page size = figure size
     * @param png            raster rendering of the same layout
     * @param caption        plain-text caption
     * @param data           what was charted, cell by cell; null for a diagram
     * @param size           printed size
     * @param critiqueRounds critic reviews spent (0 offline)
     * @param provenance     the record written next to the figure
     */
    public record Rendered(byte[] pdf, byte[] png, String caption, @Nullable ChartData data, FigureSize size,
            int critiqueRounds, FigureProvenance provenance) implements Outcome {
    }

    /** A figure that was not made, and why. */
    public record Skipped(String reason) implements Outcome {
    }

    public FigureRenderer(Settings settings, ChartCritiqueLoop loop, DiagramMaker diagrams) {
        this.settings = settings;
        this.loop = loop;
        this.diagrams = diagrams;
    }

    public Outcome render(Request request) {
        PlannedFigure figure = request.figure();
        Optional<AspectRatio> ratio = AspectRatio.parse(figure.aspectRatio());
        if (ratio.isEmpty()) {
            return new Skipped("aspect ratio '" + figure.aspectRatio() + "' is not of the form width:height");
        }
        if (!figure.isDataPlot()) {
            return request.offline() ? new Skipped(OFFLINE_DIAGRAM) : diagrams.make(request, ratio.get());
        }
        if (request.offline()) {
            return switch (ruleChart(request, null)) {
                case RuleChart.Refused refused -> new Skipped(refused.reason());
                case RuleChart.Charted charted -> draw(request, ratio.get(), charted.data(),
                        Captions.forChart(figure.title(), charted.data()), List.of(), false, null);
            };
        }
        return loop.run(request, ratio.get(), this);
    }

    /** What the rules chart, for the offline path and for a model figure's fallback. */
    sealed interface RuleChart {
        record Charted(ChartData data) implements RuleChart {
        }

        record Refused(String reason) implements RuleChart {
        }
    }

    /** The rules' chart of a figure, from {@code table} when given, else from the table the figure names. */
    static RuleChart ruleChart(Request request, @Nullable SourceTable table) {
        SourceTable source;
        if (table != null) {
            source = table;
        } else {
            switch (TableFinder.find(request.figure(), request.tables())) {
                case TableFinder.Missing missing -> {
                    return new RuleChart.Refused(missing.reason());
                }
                case TableFinder.Found found -> source = found.table();
            }
        }
        if (QuantityColumns.quantityColumns(source.table()).isEmpty()) {
            String why = source.table().numericColumns().stream()
                    .map(column -> QuantityColumns.reasonNotAQuantity(source.table(), column).orElse(""))
                    .filter(reason -> !reason.isEmpty()).findFirst().orElse("it has no quantity column");
            return new RuleChart.Refused("table '" + source.caption() + "' is not charted: " + why);
        }
        return new RuleChart.Charted(ChartPlanner.plan(request.figure(), source, request.headline()));
    }

    /** The sized chart for some data, its PNG drawn (what the critic sees). */
    record Drawing(ChartData data, JFreeChart chart, FigureSize size, byte[] png) {
    }

    Drawing drawing(Request request, AspectRatio ratio, ChartData data) {
        FigureSize size = settings.sizes().sizeFor(ratio, request.twoColumn(), data);
        JFreeChart chart = ChartBuilder.build(data, ChartStyle.forWidth(size.widthInches()), size);
        return new Drawing(data, chart, size, ChartExport.png(chart, size, settings.pngDpi(), note(request)));
    }

    int maxCritiqueRounds() {
        return settings.maxCritiqueRounds();
    }

    /** The finished figure: PDF of the drawing, and its provenance. */
    Rendered finish(Request request, Drawing drawing, String caption, List<FigureProvenance.Round> rounds,
            boolean fellBack, @Nullable String fallbackReason) {
        String tableId = SpecTables.of(request.tables()).idOf(drawing.data().source()).orElse("");
        return finish(request, drawing, caption, ChartSpec.of(drawing.data(), tableId, caption), rounds, fellBack,
                fallbackReason);
    }

    /** The finished figure drawn from {@code spec} (the planner's, or the rules' for offline and fallback). */
    Rendered finish(Request request, Drawing drawing, String caption, ChartSpec spec,
            List<FigureProvenance.Round> rounds, boolean fellBack, @Nullable String fallbackReason) {
        byte[] pdf = ChartExport.pdf(drawing.chart(), drawing.size(), request.figure().figureId(), note(request));
        ChartSpec decided = TablePresentation.decide(spec, drawing.data());
        FigureProvenance provenance = new FigureProvenance(request.figure().figureId(),
                request.offline() ? "offline" : "model", decided.toJson().put("caption", caption), drawing.data(),
                request.figure().aspectRatio(), drawing.size(), rounds, fellBack, fallbackReason);
        return new Rendered(pdf, drawing.png(), caption, drawing.data(), drawing.size(), rounds.size(), provenance);
    }

    private Rendered draw(Request request, AspectRatio ratio, ChartData data, String caption,
            List<FigureProvenance.Round> rounds, boolean fellBack, @Nullable String fallbackReason) {
        return finish(request, drawing(request, ratio, data), caption, rounds, fellBack, fallbackReason);
    }

    static @Nullable String note(Request request) {
        return request.offline() ? ModelMode.OFFLINE_LABEL : null;
    }
}
