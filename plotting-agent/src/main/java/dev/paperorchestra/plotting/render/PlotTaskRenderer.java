package dev.paperorchestra.plotting.render;

import dev.paperorchestra.content.materials.MessyNotes;
import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PlotRenderedEvent;
import dev.paperorchestra.schemas.PlotTaskCreatedEvent;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One plot task: reads the materials it needs, renders the figure and stores its PDF and PNG. */
public final class PlotTaskRenderer {

    private static final Logger log = LoggerFactory.getLogger(PlotTaskRenderer.class);

    private final FigureRenderer renderer;
    private final BlobStore blobs;

    public PlotTaskRenderer(FigureRenderer renderer, BlobStore blobs) {
        this.renderer = renderer;
        this.blobs = blobs;
    }

    /** The plot-results event: the stored figure, or the reason it was skipped. */
    public PlotRenderedEvent render(PlotTaskCreatedEvent task) {
        PaperContext context = task.getContext();
        String paperId = context.getPaperId();
        PlannedFigure figure = PlannedFigure.of(task);
        Materials materials = context.getMaterials();
        boolean offline = ModelMode.isOffline(context);
        // cleaned as every agent reads them (tables are kept exactly as written), so the model's materials are
        // the same bytes in every step
        String logText = MessyNotes.cleanText(blobs.getText(materials.getExperimentalLog()));
        String idea = MessyNotes.cleanText(blobs.getText(materials.getIdea()));
        FigureRenderer.Outcome outcome = renderer.render(new FigureRenderer.Request(paperId, figure,
                tables(logText, idea, figure), twoColumn(materials), offline, offline ? "" : logText,
                offline ? "" : idea, HeadlineMetrics.of(idea)));
        PlotRenderedEvent.Builder result = PlotRenderedEvent.newBuilder().setContext(context)
                .setFigureId(figure.figureId()).setTaskCount(task.getTaskCount());
        switch (outcome) {
            case FigureRenderer.Rendered rendered -> {
                Figure stored = Figure.newBuilder()
                        .setFigureId(figure.figureId())
                        .setTitle(figure.title())
                        .setFileName(figure.figureId() + ".pdf")
                        .setPdf(blobs.put(rendered.pdf(), MediaTypes.PDF))
                        .setPng(blobs.put(rendered.png(), MediaTypes.PNG))
                        .setCaption(rendered.caption())
                        .setAspectRatio(figure.aspectRatio())
                        .setAuthorSupplied(false)
                        .setProvenance(blobs.put(rendered.provenance().toJson(), MediaTypes.JSON))
                        .build();
                result.setFigure(stored);
                log.info("paper {}: figure {} rendered as {} (pdf blob {}, {} critique rounds{})", paperId,
                        figure.figureId(), rendered.provenance().spec().path("kind").asString(""),
                        stored.getPdf().getSha256(), rendered.critiqueRounds(),
                        rendered.provenance().fellBack() ? ", fell back" : "");
            }
            case FigureRenderer.Skipped skipped -> {
                result.setSkippedReason(skipped.reason());
                log.info("paper {}: figure {} skipped: {}", paperId, figure.figureId(), skipped.reason());
            }
        }
        return result.build();
    }

    private static List<SourceTable> tables(String log, String idea, PlannedFigure figure) {
        List<SourceTable> tables = new ArrayList<>(SourceTable.parse(log, SourceTable.Source.LOG));
        if (figure.usesIdea()) {
            tables.addAll(SourceTable.parse(idea, SourceTable.Source.IDEA));
        }
        return tables;
    }

    private boolean twoColumn(Materials materials) {
        return LatexTemplate.parse(blobs.getText(materials.getTemplate())).twoColumn();
    }
}
