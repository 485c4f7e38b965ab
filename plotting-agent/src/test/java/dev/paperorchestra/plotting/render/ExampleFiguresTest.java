package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.paperorchestra.plotting.ScriptedGateway;
import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.plotting.spec.ChartSpec;
import dev.paperorchestra.plotting.spec.GatewayChartSpecWriter;
import dev.paperorchestra.plotting.spec.SpecTables;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.content.materials.NumericCell;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Every table of the three example logs charted offline, one planned figure per table: the kinds the rules
 * choose, the printed aspect ratio against the planned one, and every drawn number against the log's cells.
 */
class ExampleFiguresTest {

    private static final List<String> EXAMPLES = List.of("cvpr-sparse-depth", "iclr-adaptive-optim",
            "ecoacoustics-frog-calls");
    private static final List<String> RATIOS = List.of("16:9", "4:3", "3:2", "1:1", "21:9", "5:4", "3:4");
    private static final double TOLERANCE = 0.02;

    private final ScriptedGateway noModel = new ScriptedGateway();
    private final FigureRenderer renderer = new FigureRenderer(FigureRendererTest.SETTINGS, new ChartCritiqueLoop(
            new GatewayChartSpecWriter(noModel, "plotting-agent"), new GatewayFigureCritic(noModel, "plotting-agent")),
            DiagramMaker.NONE);

    record Drawn(String example, String table, FigureRenderer.Rendered figure, AspectRatio planned,
            Set<String> loggedNumbers) {
    }

    private List<Drawn> drawAll(boolean twoColumn) throws IOException {
        List<Drawn> drawn = new ArrayList<>();
        int figure = 0;
        for (String example : EXAMPLES) {
            String log = Files.readString(Path.of("../examples", example, "experimental_log.md"));
            List<SourceTable> tables = SourceTable.parse(log, SourceTable.Source.LOG);
            Set<String> logged = new HashSet<>();
            for (SourceTable table : tables) {
                for (int row = 0; row < table.table().rows().size(); row++) {
                    for (int column = 1; column < table.table().header().size(); column++) {
                        table.table().number(row, column)
                                .ifPresent(cell -> logged.add(cell.digits() + (cell.percent() ? "%" : "")));
                    }
                }
            }
            for (SourceTable table : tables) {
                String ratio = RATIOS.get(figure++ % RATIOS.size());
                PlannedFigure planned = new PlannedFigure("fig_" + figure, table.caption(), PlannedFigure.PLOT,
                        "experimental_log.md", "Chart of the table.", ratio);
                FigureRenderer.Outcome outcome = renderer.render(new FigureRenderer.Request("paper-1", planned,
                        tables, twoColumn, true));
                if (outcome instanceof FigureRenderer.Rendered rendered) {
                    drawn.add(new Drawn(example, table.caption(), rendered, AspectRatio.parse(ratio).orElseThrow(),
                            logged));
                }
            }
        }
        return drawn;
    }

    @Test
    void the_three_examples_render_at_least_four_chart_kinds_offline() throws IOException {
        Set<ChartData.Kind> kinds = EnumSet.noneOf(ChartData.Kind.class);
        drawAll(false).forEach(drawn -> kinds.add(drawn.figure().data().kind()));

        assertThat(kinds).hasSizeGreaterThanOrEqualTo(4)
                .contains(ChartData.Kind.LINE, ChartData.Kind.ERROR_BAR, ChartData.Kind.STACKED_BAR,
                        ChartData.Kind.HEATMAP, ChartData.Kind.GROUPED_BAR);
    }

    @Test
    void every_example_figure_is_printed_at_its_planned_aspect_ratio() throws IOException {
        for (boolean twoColumn : new boolean[] {false, true}) {
            for (Drawn drawn : drawAll(twoColumn)) {
                double planned = drawn.planned().value();
                try (PDDocument pdf = Loader.loadPDF(drawn.figure().pdf())) {
                    PDRectangle page = pdf.getPage(0).getMediaBox();
                    assertThat((double) page.getWidth() / page.getHeight()).as(drawn.table() + " (PDF)")
                            .isCloseTo(planned, within(planned * TOLERANCE));
                }
                BufferedImage png = ImageIO.read(new ByteArrayInputStream(drawn.figure().png()));
                assertThat((double) png.getWidth() / png.getHeight()).as(drawn.table() + " (PNG)")
                        .isCloseTo(planned, within(planned * TOLERANCE));
            }
        }
    }

    @Test
    void every_number_an_example_figure_draws_is_a_cell_of_its_log() throws IOException {
        List<Drawn> all = drawAll(false);

        assertThat(all).hasSizeGreaterThanOrEqualTo(18);
        for (Drawn drawn : all) {
            ChartData data = drawn.figure().data();
            assertThat(data.plottedDigits()).as(drawn.example() + ": " + drawn.table())
                    .isNotEmpty().allSatisfy(digits -> assertThat(drawn.loggedNumbers()).contains(digits));
            // read back from the provenance a reader gets: every cell names a log cell holding that value
            JsonNode provenance = Json.mapper().readTree(drawn.figure().provenance().toJson());
            assertThat(provenance.path("source_table").asString()).isEqualTo(drawn.table());
            assertThat(provenance.path("cells").values()).as(drawn.table()).isNotEmpty().allSatisfy(cell -> {
                var table = data.source().table();
                int column = table.header().indexOf(cell.path("column").asString());
                assertThat(column).as(cell.toString()).isPositive();
                assertThat(table.rows()).as(cell.toString()).anySatisfy(row -> assertThat(
                        NumericCell.parse(row.get(column)).map(c -> c.digits() + (c.percent() ? "%" : "")))
                        .contains(cell.path("value").asString()));
                assertThat(drawn.loggedNumbers()).contains(cell.path("value").asString());
            });
            for (ChartData.Series series : data.series()) {
                for (int row = 0; row < data.categories().size(); row++) {
                    String cell = data.source().table().rows().get(row).get(series.column());
                    NumericCell logged = NumericCell.parse(cell).orElseThrow();
                    assertThat(series.values().get(row)).isEqualTo(logged.value());
                    if (!series.errors().isEmpty()) {
                        assertThat(series.errors().get(row)).isEqualTo(logged.spread());
                    }
                }
            }
        }
    }

    @Test
    void the_deployment_table_never_charts_its_year_column() throws IOException {
        Drawn deployments = drawAll(false).stream().filter(drawn -> drawn.table().equals("Recorder deployments"))
                .findFirst().orElseThrow();

        assertThat(deployments.figure().data().series()).extracting(ChartData.Series::name)
                .doesNotContain("Deployment year").isNotEmpty();
    }

    /**
     * The model path over the same three examples: a scripted planner answers each figure with a spec naming the
     * cells the rules would draw (values copied from the log) and a scripted critic approves; every spec is
     * resolved against the log, drawn at its planned ratio and recorded cell by cell.
     */
    @Test
    void the_three_examples_drawn_from_scripted_model_specs_keep_their_ratio_and_the_logs_numbers() throws IOException {
        Set<ChartData.Kind> kinds = EnumSet.noneOf(ChartData.Kind.class);
        int figure = 0;
        for (String example : EXAMPLES) {
            String log = Files.readString(Path.of("../examples", example, "experimental_log.md"));
            List<SourceTable> tables = SourceTable.parse(log, SourceTable.Source.LOG);
            SpecTables specTables = SpecTables.of(tables);
            for (SourceTable table : tables) {
                String ratio = RATIOS.get(figure++ % RATIOS.size());
                PlannedFigure planned = new PlannedFigure("fig_" + figure, table.caption(), PlannedFigure.PLOT,
                        "experimental_log.md", "Chart of the table.", ratio);
                if (!(FigureRenderer.ruleChart(new FigureRenderer.Request("paper-1", planned, tables, false, true),
                        table) instanceof FigureRenderer.RuleChart.Charted charted)) {
                    continue;
                }
                String spec = ChartSpec.of(charted.data(), specTables.idOf(table).orElseThrow(),
                        "Values of " + table.caption() + ".").toJson().toString();
                ScriptedGateway model = new ScriptedGateway().answer(LlmRole.PLANNER, spec)
                        .answer(LlmRole.CRITIC, "{\"approved\": true, \"issues\": []}");
                FigureRenderer withModel = new FigureRenderer(FigureRendererTest.SETTINGS, new ChartCritiqueLoop(
                        new GatewayChartSpecWriter(model, "plotting-agent"),
                        new GatewayFigureCritic(model, "plotting-agent")), DiagramMaker.NONE);

                FigureRenderer.Rendered rendered = (FigureRenderer.Rendered) withModel.render(
                        new FigureRenderer.Request("paper-1", planned, tables, true, false, log, ""));

                assertThat(model.violations).as(example + ": " + table.caption()).isEmpty();
                assertThat(rendered.provenance().fellBack()).as(table.caption()).isFalse();
                kinds.add(rendered.data().kind());
                double plannedRatio = AspectRatio.parse(ratio).orElseThrow().value();
                try (PDDocument pdf = Loader.loadPDF(rendered.pdf())) {
                    PDRectangle page = pdf.getPage(0).getMediaBox();
                    assertThat((double) page.getWidth() / page.getHeight()).as(table.caption())
                            .isCloseTo(plannedRatio, within(plannedRatio * TOLERANCE));
                }
                JsonNode provenance = Json.mapper().readTree(rendered.provenance().toJson());
                assertThat(provenance.path("mode").asString()).isEqualTo("model");
                assertThat(provenance.path("cells").values()).as(table.caption()).isNotEmpty().allSatisfy(cell -> {
                    int column = table.table().header().indexOf(cell.path("column").asString());
                    assertThat(table.table().rows()).as(cell.toString()).anySatisfy(row -> assertThat(
                            NumericCell.parse(row.get(column)).map(c -> c.digits() + (c.percent() ? "%" : "")))
                            .contains(cell.path("value").asString()));
                });
            }
        }
        assertThat(kinds).hasSizeGreaterThanOrEqualTo(4);
    }
}
