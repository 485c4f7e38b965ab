package dev.paperorchestra.plotting.diagram;

import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.gateway.FencedBlocks;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import java.util.List;

/** The planner role writing and revising a diagram's Graphviz DOT source from the idea. */
public final class DiagramWriter {

    static final String SYSTEM = """
            You draw one conceptual diagram for a research paper (a method overview or a pipeline) as Graphviz \
            DOT (language dot), or as one TikZ tikzpicture environment without a preamble (language tikz; \
            libraries arrows.meta, positioning, shapes.geometric, fit and calc are loaded). Use only what the idea describes: its components, data flow and stages, with short labels. \
            Keep it readable at print size: at most about 15 nodes, left-to-right (rankdir=LR) for wide figures \
            and top-to-bottom for tall ones, boxes for components, plain arrows for data flow, clusters for \
            stages. Do not reference files, images or fonts. No numbers that are not in the idea. Write a one \
            sentence plain caption saying what the diagram shows.""";

    private final LlmGateway gateway;
    private final String agent;

    public DiagramWriter(LlmGateway gateway, String agent) {
        this.gateway = gateway;
        this.agent = agent;
    }

    DiagramSource write(String paperId, PlannedFigure figure, Prompt.Materials materials) {
        return call(paperId, prompt(figure, materials, "Write the diagram."), figure);
    }

    DiagramSource revise(String paperId, PlannedFigure figure, Prompt.Materials materials, DiagramSource current,
            List<String> issues) {
        return call(paperId, prompt(figure, materials, "The current " + current.language() + " source is:\n"
                + current.source()
                + "\nIts rendering has these issues:\n- " + String.join("\n- ", issues)
                + "\nWrite the revised diagram that fixes every issue."), figure);
    }

    private DiagramSource call(String paperId, Prompt user, PlannedFigure figure) {
        String answer = gateway.call(new LlmRequest(paperId, agent, LlmRole.PLANNER, SYSTEM, user,
                DiagramSource.SCHEMA, List.of())).text();
        return DiagramSource.parse(FencedBlocks.find(answer, "json").orElse(answer), figure.figureId());
    }

    /**
     * The materials are the same for every figure of the paper: they lead, as every step renders them; the
     * figure and the ask come last.
     */
    private static Prompt prompt(PlannedFigure figure, Prompt.Materials materials, String ask) {
        return Prompt.builder().materials(materials)
                .task("Figure id: " + figure.figureId() + "\nTitle: " + figure.title() + "\nObjective: "
                        + figure.objective() + "\nPlanned aspect ratio: " + figure.aspectRatio() + "\n" + ask)
                .build();
    }
}
