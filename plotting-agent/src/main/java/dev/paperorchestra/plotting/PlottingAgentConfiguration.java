package dev.paperorchestra.plotting;

import dev.paperorchestra.plotting.gather.FigureGatherer;
import dev.paperorchestra.plotting.planning.PlotPlanner;
import dev.paperorchestra.plotting.diagram.DiagramCritiqueLoop;
import dev.paperorchestra.plotting.diagram.DiagramSource;
import dev.paperorchestra.plotting.diagram.DiagramWriter;
import dev.paperorchestra.plotting.diagram.DotRenderer;
import dev.paperorchestra.plotting.diagram.TikzRenderer;
import dev.paperorchestra.plotting.render.ChartCritiqueLoop;
import dev.paperorchestra.plotting.render.FigureRenderer;
import dev.paperorchestra.plotting.spec.GatewayChartSpecWriter;
import dev.paperorchestra.plotting.render.GatewayFigureCritic;
import dev.paperorchestra.plotting.render.PlotTaskRenderer;
import dev.paperorchestra.plotting.render.SizePolicy;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.streams.KafkaStreamsService;
import dev.paperorchestra.runtime.streams.PaperAggregationRunner;
import dev.paperorchestra.schemas.state.FigureCollectionState;
import dev.paperorchestra.schemas.topics.Topics;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The plotting agent's domain services and its gatherer topology. */
@Configuration(proxyBeanMethods = false)
class PlottingAgentConfiguration {

    static final String GATHERER = "plotting-gatherer";

    @Bean
    FigureRenderer figureRenderer(PlottingAgentProperties properties, LlmGateway gateway, AgentIdentity identity,
            Sandbox sandbox) {
        SizePolicy sizes = new SizePolicy(properties.widthInches(), properties.columnWidthInches(),
                properties.maxHeightInches());
        GatewayFigureCritic critic = new GatewayFigureCritic(gateway, identity.name());
        LatexCompiler tikz = new LatexCompiler(properties.latexmk(), properties.diagramTimeout(),
                Path.of(System.getProperty("java.io.tmpdir"), "po-diagrams"), sandbox);
        DiagramCritiqueLoop diagrams = new DiagramCritiqueLoop(new DiagramWriter(gateway, identity.name()), critic,
                Map.of(DiagramSource.DOT, new DotRenderer(sandbox, properties.diagramTimeout(),
                                properties.diagramMaxSourceChars()),
                        DiagramSource.TIKZ, new TikzRenderer(tikz, properties.diagramMaxSourceChars())),
                sizes, properties.pngDpi(), properties.maxCritiqueRounds());
        return new FigureRenderer(new FigureRenderer.Settings(sizes, properties.pngDpi(),
                properties.maxCritiqueRounds()), new ChartCritiqueLoop(new GatewayChartSpecWriter(gateway,
                identity.name()), critic), diagrams);
    }

    @Bean
    PlotPlanner plotPlanner(BlobStore blobs, AgentIdentity identity, Clock clock) {
        return new PlotPlanner(blobs, identity, clock);
    }

    @Bean
    PlotTaskRenderer plotTaskRenderer(FigureRenderer renderer, BlobStore blobs) {
        return new PlotTaskRenderer(renderer, blobs);
    }

    @Bean
    KafkaStreamsService plottingGatherer(BlobStore blobs, AgentIdentity identity, Clock clock,
            PaperAggregationRunner aggregations) {
        FigureGatherer gatherer = new FigureGatherer(blobs, identity.name(), identity.stage(), clock);
        return aggregations.service(GATHERER, List.of(Topics.PLOT_RESULTS.name()), FigureCollectionState.class,
                gatherer);
    }
}
