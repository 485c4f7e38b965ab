package dev.paperorchestra.plotting.render;

import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.runtime.llm.ModelMode;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.JFreeChart;
import org.jspecify.annotations.Nullable;

/**
 * Renders one planned figure. A plot is charted from the table it names, every value a logged number; the
 * same chart is written as a vector PDF (for LaTeX) and a PNG (for previews and the critic). In MODEL mode a
 * critic reviews the PNG for at most {@code maxCritiqueRounds} rounds and each rejection re-renders with a
 * more legible style. Diagrams are not drawn yet.
 */
public final class FigureRenderer {

    public static final String OFFLINE_DIAGRAM = "diagram figures need a model; offline mode draws data charts only";
    public static final String MODEL_DIAGRAM = "diagram figures are not drawn yet: a model-driven diagram renderer "
            + "is still to be built";

    private final Settings settings;
    private final FigureCritic critic;

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
     * @param paperId   the paper
     * @param figure    the planned figure
     * @param tables    the materials' tables the figure may draw on
     * @param twoColumn true when the venue's template sets two columns
     * @param offline   true for an OFFLINE job: no critic, files labelled
     */
    public record Request(String paperId, PlannedFigure figure, List<SourceTable> tables, boolean twoColumn,
            boolean offline) {

        public Request {
            tables = List.copyOf(tables);
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
     * @param data           what was charted, cell by cell
     * @param size           printed size
     * @param critiqueRounds critic reviews spent (0 offline)
     */
    public record Rendered(byte[] pdf, byte[] png, String caption, ChartData data, FigureSize size,
            int critiqueRounds) implements Outcome {
    }

    /** A figure that was not made, and why. */
    public record Skipped(String reason) implements Outcome {
    }

    public FigureRenderer(Settings settings, FigureCritic critic) {
        this.settings = settings;
        this.critic = critic;
    }

    public Outcome render(Request request) {
        PlannedFigure figure = request.figure();
        if (!figure.isDataPlot()) {
            return new Skipped(request.offline() ? OFFLINE_DIAGRAM : MODEL_DIAGRAM);
        }
        Optional<AspectRatio> ratio = AspectRatio.parse(figure.aspectRatio());
        if (ratio.isEmpty()) {
            return new Skipped("aspect ratio '" + figure.aspectRatio() + "' is not of the form width:height");
        }
        return switch (TableFinder.find(figure, request.tables())) {
            case TableFinder.Missing missing -> new Skipped(missing.reason());
            case TableFinder.Found found -> chart(request, ChartPlanner.plan(figure, found.table()), ratio.get());
        };
    }

    private Rendered chart(Request request, ChartData data, AspectRatio ratio) {
        FigureSize size = settings.sizes().sizeFor(ratio, request.twoColumn(), data);
        @Nullable String note = request.offline() ? ModelMode.OFFLINE_LABEL : null;
        ChartStyle style = ChartStyle.forWidth(size.widthInches());
        JFreeChart chart = ChartBuilder.build(data, style, size);
        byte[] png = ChartExport.png(chart, size, settings.pngDpi(), note);
        int rounds = 0;
        while (!request.offline() && rounds < settings.maxCritiqueRounds()) {
            rounds++;
            Critique critique = critic.review(request.paperId(), request.figure(), png, rounds);
            if (critique.approved()) {
                break;
            }
            style = style.revised();
            chart = ChartBuilder.build(data, style, size);
            png = ChartExport.png(chart, size, settings.pngDpi(), note);
        }
        byte[] pdf = ChartExport.pdf(chart, size, request.figure().figureId(), note);
        return new Rendered(pdf, png, Captions.forChart(request.figure().title(), data), data, size, rounds);
    }
}
