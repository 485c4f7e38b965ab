package dev.paperorchestra.writer.sections;

import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.writer.figures.FigurePlan;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What the section writer works from.
 *
 * @param draftTex        the template with introduction and related work written by the literature agent
 * @param idea            idea.md
 * @param experimentalLog experimental_log.md
 * @param figures         the figures to include, in plan order
 * @param outline         outline.json (its section plan guides the model), empty when there is none
 * @param citationMap     citation_map.json (the keys the paper may cite and what each work is), empty when none
 * @param figureImages    PNG renderings by figure file name, sent to vision-capable models
 * @param pageLimit       the guidelines' main-text page limit, or null
 * @param figurePlan      which log tables a chart presents alone and which planned figures were left out
 * @param doubleBlind     whether the guidelines say the review is double-blind (the kit's submission mode goes on)
 * @param mandatorySections the sections the guidelines require, lower case ("results", "discussion"); empty when
 *                        they name none
 */
public record WriterInputs(String draftTex, String idea, String experimentalLog, List<Figure> figures,
        String outline, String citationMap, Map<String, byte[]> figureImages, @Nullable Integer pageLimit,
        FigurePlan figurePlan, boolean doubleBlind, List<String> mandatorySections) {

    public WriterInputs {
        figures = List.copyOf(figures);
        figureImages = Map.copyOf(figureImages);
        mandatorySections = List.copyOf(mandatorySections);
    }

    /** Inputs whose guidelines require no section by name. */
    public WriterInputs(String draftTex, String idea, String experimentalLog, List<Figure> figures,
            String outline, String citationMap, Map<String, byte[]> figureImages, @Nullable Integer pageLimit,
            FigurePlan figurePlan, boolean doubleBlind) {
        this(draftTex, idea, experimentalLog, figures, outline, citationMap, figureImages, pageLimit, figurePlan,
                doubleBlind, List.of());
    }

    /** Inputs of a review that the guidelines do not call double-blind. */
    public WriterInputs(String draftTex, String idea, String experimentalLog, List<Figure> figures,
            String outline, String citationMap, Map<String, byte[]> figureImages, @Nullable Integer pageLimit,
            FigurePlan figurePlan) {
        this(draftTex, idea, experimentalLog, figures, outline, citationMap, figureImages, pageLimit, figurePlan,
                false);
    }

    /** The same inputs for a double-blind review or not. */
    public WriterInputs withDoubleBlind(boolean blind) {
        return new WriterInputs(draftTex, idea, experimentalLog, figures, outline, citationMap, figureImages,
                pageLimit, figurePlan, blind, mandatorySections);
    }

    /** The same inputs for guidelines that require these sections. */
    public WriterInputs withMandatorySections(List<String> sections) {
        return new WriterInputs(draftTex, idea, experimentalLog, figures, outline, citationMap, figureImages,
                pageLimit, figurePlan, doubleBlind, sections);
    }

    /** Inputs whose figures present no log table alone and where no planned figure was left out. */
    public WriterInputs(String draftTex, String idea, String experimentalLog, List<Figure> figures,
            String outline, String citationMap, Map<String, byte[]> figureImages, @Nullable Integer pageLimit) {
        this(draftTex, idea, experimentalLog, figures, outline, citationMap, figureImages, pageLimit,
                FigurePlan.NONE);
    }

    /** Inputs without outline, citation map, images or page limit (the offline writer needs none of them). */
    public WriterInputs(String draftTex, String idea, String experimentalLog, List<Figure> figures) {
        this(draftTex, idea, experimentalLog, figures, "", "", Map.of(), null);
    }
}
