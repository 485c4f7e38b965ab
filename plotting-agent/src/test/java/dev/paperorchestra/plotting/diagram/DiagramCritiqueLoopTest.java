package dev.paperorchestra.plotting.diagram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.paperorchestra.plotting.ScriptedGateway;
import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.plotting.render.AspectRatio;
import dev.paperorchestra.plotting.render.FigureRenderer;
import dev.paperorchestra.plotting.render.FigureSize;
import dev.paperorchestra.plotting.render.GatewayFigureCritic;
import dev.paperorchestra.plotting.render.SizePolicy;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiagramCritiqueLoopTest {

    private static final Sandbox SANDBOX = Sandbox.detect(SandboxProperties.defaults());
    private static final double WIDE = 16.0 / 9;
    private static final PlannedFigure OVERVIEW = new PlannedFigure("fig_overview", "Method overview", "diagram",
            "idea.md", "Pipeline from recordings to species detections.", "16:9");
    private static final String IDEA = "# CallSieve\nNoise-paired pretraining, rhythm tokens, prototypes.\n";
    private static final String GOOD = """
            {"language": "dot", "caption": "CallSieve from recordings to species detections.",
             "source": "digraph G { rankdir=LR; node [shape=box]; audio -> encoder; rhythm -> encoder; \
            encoder -> prototypes; prototypes -> species; }"}""";
    private static final String BROKEN = """
            {"language": "dot", "caption": "Broken.", "source": "digraph G { audio -> ; encoder -> }"}""";
    private static final String TIKZ_GOOD = """
            {"language": "tikz", "caption": "CallSieve stages.",
             "source": "\\\\begin{tikzpicture}\\\\node[draw] (a) {audio}; \\\\node[draw, right=of a] (b) {encoder}; \
            \\\\draw[->] (a) -- (b);\\\\end{tikzpicture}"}""";
    private static final String TIKZ_BROKEN = """
            {"language": "tikz", "caption": "Broken.",
             "source": "\\\\begin{tikzpicture}\\\\node[draw] (a) {audio} \\\\undefinedmacro; \\\\end{tikzpicture}"}""";
    private static final String APPROVED = "{\"approved\": true, \"issues\": []}";

    @TempDir
    Path texWork;

    private final ScriptedGateway gateway = new ScriptedGateway();

    private FigureRenderer.Outcome make() {
        DiagramCritiqueLoop loop = new DiagramCritiqueLoop(new DiagramWriter(gateway, "plotting-agent"),
                new GatewayFigureCritic(gateway, "plotting-agent"),
                Map.of(DiagramSource.DOT, new DotRenderer(SANDBOX, Duration.ofSeconds(20), 20_000),
                        DiagramSource.TIKZ, new TikzRenderer(new LatexCompiler("latexmk", Duration.ofSeconds(60),
                                texWork, SANDBOX), 20_000)),
                new SizePolicy(6.0, 3.3, 8.0), 100, 3);
        return loop.make(new FigureRenderer.Request("paper-1", OVERVIEW, List.of(), false, false, "", IDEA),
                AspectRatio.parse("16:9").orElseThrow());
    }

    private static void assertPlannedRatio(FigureRenderer.Rendered rendered) {
        try (PDDocument pdf = Loader.loadPDF(rendered.pdf())) {
            PDRectangle page = pdf.getPage(0).getMediaBox();
            assertThat((double) page.getWidth() / page.getHeight()).isCloseTo(WIDE, within(WIDE * 0.02));
            BufferedImage png = ImageIO.read(new ByteArrayInputStream(rendered.png()));
            assertThat((double) png.getWidth() / png.getHeight()).isCloseTo(WIDE, within(WIDE * 0.02));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void a_dot_diagram_is_rendered_in_the_sandbox_at_its_planned_size_and_reviewed() {
        gateway.answer(LlmRole.PLANNER, GOOD).answer(LlmRole.CRITIC, APPROVED);

        FigureRenderer.Outcome outcome = make();

        assertThat(outcome).isInstanceOfSatisfying(FigureRenderer.Rendered.class, rendered -> {
            assertThat(rendered.caption()).isEqualTo("CallSieve from recordings to species detections.");
            assertThat(rendered.critiqueRounds()).isEqualTo(1);
            assertThat(new String(rendered.provenance().toJson(), StandardCharsets.UTF_8))
                    .contains("\"kind\" : \"diagram\"", "\"language\" : \"dot\"", "\"verdict\" : \"approved\"");
            assertPlannedRatio(rendered);
        });
        assertThat(gateway.requests(LlmRole.CRITIC)).singleElement()
                .satisfies(request -> assertThat(request.images()).hasSize(1));
    }

    @Test
    void a_diagram_graphviz_never_accepts_is_left_out_with_the_reason() {
        gateway.answer(LlmRole.PLANNER, BROKEN, BROKEN, BROKEN);

        FigureRenderer.Outcome outcome = make();

        assertThat(outcome).isInstanceOfSatisfying(FigureRenderer.Skipped.class,
                skipped -> assertThat(skipped.reason()).startsWith("diagram left out: no rendering was approved in 3 "
                        + "rounds").contains("Graphviz rejected the DOT source"));
        assertThat(gateway.requests(LlmRole.CRITIC)).isEmpty();
        // the planner was shown Graphviz's complaint
        assertThat(gateway.requests(LlmRole.PLANNER).get(1).user()).contains("Graphviz rejected the DOT source");
    }

    @Test
    void a_rejected_diagram_is_revised_from_the_critics_issues_and_left_out_when_never_approved() {
        gateway.answer(LlmRole.PLANNER, GOOD, GOOD, GOOD).answer(LlmRole.CRITIC,
                "{\"approved\": false, \"issues\": [\"labels are cryptic\"]}",
                "{\"approved\": false, \"issues\": [\"still cryptic\"]}",
                "{\"approved\": false, \"issues\": [\"arrows cross\"]}");

        FigureRenderer.Outcome outcome = make();

        assertThat(gateway.requests(LlmRole.PLANNER).get(1).user()).contains("labels are cryptic");
        assertThat(outcome).isEqualTo(new FigureRenderer.Skipped(
                "diagram left out: no rendering was approved in 3 rounds (last issues: arrows cross)"));
    }

    @Test
    void a_tikz_diagram_is_compiled_at_its_planned_size() {
        gateway.answer(LlmRole.PLANNER, TIKZ_GOOD).answer(LlmRole.CRITIC, APPROVED);

        FigureRenderer.Outcome outcome = make();

        assertThat(outcome).isInstanceOfSatisfying(FigureRenderer.Rendered.class,
                DiagramCritiqueLoopTest::assertPlannedRatio);
    }

    @Test
    void a_tikz_diagram_that_never_compiles_is_left_out_with_the_reason() {
        gateway.answer(LlmRole.PLANNER, TIKZ_BROKEN, TIKZ_BROKEN, TIKZ_BROKEN);

        FigureRenderer.Outcome outcome = make();

        assertThat(outcome).isInstanceOfSatisfying(FigureRenderer.Skipped.class,
                skipped -> assertThat(skipped.reason()).startsWith("diagram left out")
                        .contains("LaTeX could not compile the TikZ picture"));
        assertThat(gateway.requests(LlmRole.CRITIC)).isEmpty();
        assertThat(gateway.requests(LlmRole.PLANNER).get(1).user()).contains("LaTeX could not compile");
    }

    @Test
    void a_dot_source_naming_a_file_is_refused_before_graphviz_runs() {
        DotRenderer renderer = new DotRenderer(SANDBOX, Duration.ofSeconds(20), 20_000);

        DiagramRenderer.Result result = renderer.render("digraph G { a [image=\"/etc/passwd\"]; }",
                new FigureSize(4, 3), 100);

        assertThat(result).isInstanceOfSatisfying(DiagramRenderer.Failed.class,
                failed -> assertThat(failed.reason()).contains("names a file"));
    }
}
