package dev.paperorchestra.plotting.render;

import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.plotting.spec.ChartSpec;
import dev.paperorchestra.plotting.spec.ChartSpecWriter;
import dev.paperorchestra.plotting.spec.SpecResolver;
import dev.paperorchestra.plotting.spec.SpecTables;
import dev.paperorchestra.gateway.InvalidModelAnswerException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The MODEL-mode chart: the planner writes a spec, it is checked against the log and drawn, the critic
 * reviews the PNG with the spec, and the planner revises the spec from the critic's issues. At most
 * {@code maxCritiqueRounds} reviews; the render after a revision is always the one reviewed next, so the
 * figure used is always one the critic has seen. A figure never approved is replaced by the simplest faithful
 * rendering of its table (the rules' chart), with the reason and the critic's last issues recorded.
 */
public final class ChartCritiqueLoop {

    private final ChartSpecWriter writer;
    private final FigureCritic critic;

    public ChartCritiqueLoop(ChartSpecWriter writer, FigureCritic critic) {
        this.writer = writer;
        this.critic = critic;
    }

    FigureRenderer.Outcome run(FigureRenderer.Request request, AspectRatio ratio, FigureRenderer renderer) {
        PlannedFigure figure = request.figure();
        SpecTables tables = SpecTables.of(request.tables());
        if (tables.entries().isEmpty()) {
            return fallback(request, ratio, renderer, null, "the materials have no table with a quantity to chart",
                    List.of());
        }
        ChartSpec spec;
        try {
            spec = writer.write(request.paperId(), figure, tables, request.materials());
        } catch (InvalidModelAnswerException e) {
            // the gateway's repairs are spent: the figure is still made, from the rules, and says why
            return fallback(request, ratio, renderer, null, "the planner's spec never matched its schema: "
                    + String.join("; ", e.violations()), List.of());
        }
        SpecResolver.Resolution resolution = SpecResolver.resolve(spec, tables);
        if (resolution instanceof SpecResolver.Rejected rejected) {
            // one chance to correct a spec that cannot be drawn as written (numbers not the log's, wrong kind)
            Revision revision = revise(request, tables, spec, List.of("the spec cannot be drawn: "
                    + rejected.reason()));
            spec = revision.spec();
            resolution = revision.resolution();
            if (resolution instanceof SpecResolver.Rejected again) {
                return fallback(request, ratio, renderer, null, "the planner's spec was rejected: " + again.reason(),
                        List.of());
            }
        }
        ChartData data = ((SpecResolver.Drawn) resolution).data();
        List<FigureProvenance.Round> rounds = new ArrayList<>();
        int max = renderer.maxCritiqueRounds();
        for (int round = 1; round <= max; round++) {
            FigureRenderer.Drawing drawing = renderer.drawing(request, ratio, data);
            Critique critique = critic.review(request.paperId(), figure, drawing.png(), spec.toJson().toString(),
                    round);
            if (critique.approved() || round == max) {
                rounds.add(new FigureProvenance.Round(round, data.kind().id(), critique.approved(), critique.issues(),
                        ""));
                if (critique.approved()) {
                    return renderer.finish(request, drawing, caption(request, spec, data), spec, rounds, false,
                            null);
                }
                break;
            }
            Revision revision = revise(request, tables, spec, critique.issues());
            switch (revision.resolution()) {
                case SpecResolver.Drawn drawn -> {
                    rounds.add(new FigureProvenance.Round(round, data.kind().id(), false, critique.issues(),
                            "revised"));
                    spec = revision.spec();
                    data = drawn.data();
                }
                case SpecResolver.Rejected rejected -> rounds.add(new FigureProvenance.Round(round, data.kind().id(),
                        false, critique.issues(), "rejected: " + rejected.reason()));
            }
        }
        if (max == 0) {
            return renderer.finish(request, renderer.drawing(request, ratio, data), caption(request, spec, data),
                    spec, rounds, false, null);
        }
        return fallback(request, ratio, renderer, data.source(),
                "the critic did not approve the chart in " + max + (max == 1 ? " round" : " rounds"), rounds);
    }

    /** A revised spec and what it resolves to; the spec stays the current one when it could not be drawn. */
    private record Revision(ChartSpec spec, SpecResolver.Resolution resolution) {
    }

    private Revision revise(FigureRenderer.Request request, SpecTables tables, ChartSpec current,
            List<String> issues) {
        ChartSpec revised;
        try {
            revised = writer.revise(request.paperId(), request.figure(), tables, request.materials(), current,
                    issues);
        } catch (InvalidModelAnswerException e) {
            return new Revision(current, new SpecResolver.Rejected("the revised spec never matched its schema: "
                    + String.join("; ", e.violations())));
        }
        SpecResolver.Resolution resolution = SpecResolver.resolve(revised, tables);
        return new Revision(resolution instanceof SpecResolver.Drawn ? revised : current, resolution);
    }

    private static FigureRenderer.Outcome fallback(FigureRenderer.Request request, AspectRatio ratio,
            FigureRenderer renderer, @Nullable SourceTable table, String reason, List<FigureProvenance.Round> rounds) {
        return switch (FigureRenderer.ruleChart(request, table)) {
            case FigureRenderer.RuleChart.Refused refused -> new FigureRenderer.Skipped(reason + "; "
                    + refused.reason());
            case FigureRenderer.RuleChart.Charted charted -> renderer.finish(request,
                    renderer.drawing(request, ratio, charted.data()),
                    Captions.forChart(request.figure().title(), charted.data()), rounds, true, reason);
        };
    }

    /** The planner's caption when every number it states is in the log, else the rules' caption. */
    private static String caption(FigureRenderer.Request request, ChartSpec spec, ChartData data) {
        return Captions.checked(spec.caption(), request.observations(), request.tables())
                .orElseGet(() -> Captions.forChart(request.figure().title(), data));
    }
}
