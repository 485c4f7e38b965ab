package dev.paperorchestra.plotting.diagram;

import dev.paperorchestra.plotting.render.AspectRatio;
import dev.paperorchestra.plotting.render.Captions;
import dev.paperorchestra.plotting.render.Critique;
import dev.paperorchestra.plotting.render.DiagramMaker;
import dev.paperorchestra.plotting.render.FigureCritic;
import dev.paperorchestra.plotting.render.FigureProvenance;
import dev.paperorchestra.plotting.render.FigureRenderer;
import dev.paperorchestra.plotting.render.FigureSize;
import dev.paperorchestra.plotting.render.SizePolicy;
import dev.paperorchestra.gateway.InvalidModelAnswerException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A diagram in MODEL mode: the planner writes Graphviz DOT or TikZ, rendered in the sandbox, the critic reviews the
 * PNG with the source and the planner revises it from the issues (a source that does not render is sent back with
 * the renderer's message). At most {@code maxRounds} renders; a diagram that never renders or is never approved is
 * left out, with the reason, rather than used.
 */
public final class DiagramCritiqueLoop implements DiagramMaker {

    private final DiagramWriter writer;
    private final FigureCritic critic;
    private final Map<String, DiagramRenderer> renderers;
    private final SizePolicy sizes;
    private final int pngDpi;
    private final int maxRounds;

    /**
     * @param renderers the renderer of each source language the planner may write ({@code dot}, {@code tikz})
     */
    public DiagramCritiqueLoop(DiagramWriter writer, FigureCritic critic, Map<String, DiagramRenderer> renderers,
            SizePolicy sizes, int pngDpi, int maxRounds) {
        this.writer = writer;
        this.critic = critic;
        this.renderers = Map.copyOf(renderers);
        this.sizes = sizes;
        this.pngDpi = pngDpi;
        this.maxRounds = Math.max(1, maxRounds);
    }

    @Override
    public FigureRenderer.Outcome make(FigureRenderer.Request request, AspectRatio ratio) {
        FigureSize size = sizes.sizeForDiagram(ratio, request.twoColumn());
        DiagramSource source;
        try {
            source = writer.write(request.paperId(), request.figure(), request.materials());
        } catch (InvalidModelAnswerException e) {
            return new FigureRenderer.Skipped("diagram left out: the planner's answer never matched its schema ("
                    + String.join("; ", e.violations()) + ")");
        }
        List<FigureProvenance.Round> rounds = new ArrayList<>();
        List<String> issues = List.of();
        for (int round = 1; round <= maxRounds; round++) {
            DiagramRenderer renderer = renderers.get(source.language());
            if (renderer == null) {
                issues = List.of("diagrams are rendered from " + String.join(" or ", renderers.keySet())
                        + ", not " + source.language());
            } else {
                switch (renderer.render(source.source(), size, pngDpi)) {
                    case DiagramRenderer.Failed failed -> issues = List.of(failed.reason());
                    case DiagramRenderer.Drawn drawn -> {
                        Critique critique = critic.review(request.paperId(), request.figure(), drawn.png(),
                                source.toJson().toString(), round);
                        if (critique.approved()) {
                            rounds.add(new FigureProvenance.Round(round, "diagram", true, critique.issues(), ""));
                            return rendered(request, source, drawn, size, rounds);
                        }
                        issues = critique.issues();
                    }
                }
            }
            boolean last = round == maxRounds;
            rounds.add(new FigureProvenance.Round(round, "diagram", false, issues, last ? "" : "revised"));
            if (!last) {
                try {
                    source = writer.revise(request.paperId(), request.figure(), request.materials(), source, issues);
                } catch (InvalidModelAnswerException e) {
                    return new FigureRenderer.Skipped("diagram left out: the planner's revision never matched its "
                            + "schema (" + String.join("; ", e.violations()) + ")");
                }
            }
        }
        return new FigureRenderer.Skipped("diagram left out: no rendering was approved in " + maxRounds
                + (maxRounds == 1 ? " round" : " rounds") + " (last issues: " + String.join("; ", issues) + ")");
    }

    private static FigureRenderer.Rendered rendered(FigureRenderer.Request request, DiagramSource source,
            DiagramRenderer.Drawn drawn, FigureSize size, List<FigureProvenance.Round> rounds) {
        String caption = Captions.plain(source.caption());
        if (caption.isBlank()) {
            caption = Captions.plain(request.figure().title());
        }
        FigureProvenance provenance = new FigureProvenance(request.figure().figureId(), "model", source.toJson(),
                null, request.figure().aspectRatio(), size, rounds, false, null);
        return new FigureRenderer.Rendered(drawn.pdf(), drawn.png(), caption + ".", null, size, rounds.size(),
                provenance);
    }
}
