package dev.paperorchestra.plotting.spec;

import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.gateway.FencedBlocks;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import java.util.List;

/** The planner role behind the LLM gateway; the schema lists the cells that exist, so the gateway repairs others. */
public final class GatewayChartSpecWriter implements ChartSpecWriter {

    static final String SYSTEM = """
            You design one data chart for a research paper from the tables of its experimental log. Name the \
            table, the rows and the columns to draw exactly as listed, and copy each drawn number from its cell: \
            never compute, round or invent a number. Choose the kind that fits the data: bar (one column), \
            grouped_bar (several comparable columns), stacked_bar (columns that are parts of one whole), line \
            (numeric row labels such as sizes or steps), scatter (one row per point, x_column and one y column), \
            heatmap (a matrix of one quantity), error_bar (cells with a logged ± spread). Use log_scale when the \
            values span more than two decades. Order rows by value when ranking matters. Highlight the proposed \
            method by its row label (or its column name in a line chart). Put the legend where it hides no data, \
            or none for one series. Never chart years, ids or ranks. Say in purpose what the chart shows that a \
            table cannot (a trend, a trade-off, parts of a whole, a pattern, whether differences exceed the \
            spreads). A chart presents the table it draws: the paper leaves that table out unless you give \
            table_also_shown_because, which you write only when readers need the exact values as well (say why); \
            omit it otherwise. Write a one or two sentence plain \
            caption saying what is plotted against what; state only numbers that are in the log.""";

    private final LlmGateway gateway;
    private final String agent;

    public GatewayChartSpecWriter(LlmGateway gateway, String agent) {
        this.gateway = gateway;
        this.agent = agent;
    }

    @Override
    public ChartSpec write(String paperId, PlannedFigure figure, SpecTables tables, Prompt.Materials materials) {
        return call(paperId, figure, tables, prompt(figure, tables, materials,
                "Write the chart spec for this figure."));
    }

    @Override
    public ChartSpec revise(String paperId, PlannedFigure figure, SpecTables tables, Prompt.Materials materials,
            ChartSpec current, List<String> issues) {
        return call(paperId, figure, tables, prompt(figure, tables, materials,
                "The current spec is:\n" + current.toJson()
                + "\nIts rendering has these issues:\n- " + String.join("\n- ", issues)
                + "\nWrite the revised spec that fixes every issue; keep what was not criticised."));
    }

    private ChartSpec call(String paperId, PlannedFigure figure, SpecTables tables, Prompt user) {
        String answer = gateway.call(new LlmRequest(paperId, agent, LlmRole.PLANNER, SYSTEM, user,
                ChartSpecSchema.forTables(tables), List.of())).text();
        return ChartSpec.parse(FencedBlocks.find(answer, "json").orElse(answer), figure.figureId());
    }

    /**
     * The materials and the tables are the same for every chart of the paper: they lead (the materials as every
     * step renders them), the figure comes last.
     */
    private static Prompt prompt(PlannedFigure figure, SpecTables tables, Prompt.Materials materials, String ask) {
        return Prompt.builder().materials(materials).reading("Tables you may draw from:\n" + tables.describe())
                .task("Figure id: " + figure.figureId() + "\nTitle: " + figure.title() + "\nObjective: "
                        + figure.objective() + "\nPlanned aspect ratio: " + figure.aspectRatio() + "\n" + ask)
                .build();
    }
}
