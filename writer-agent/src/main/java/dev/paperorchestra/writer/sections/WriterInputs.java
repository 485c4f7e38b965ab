package dev.paperorchestra.writer.sections;

import dev.paperorchestra.schemas.Figure;
import java.util.List;

/**
 * What the section writer works from.
 *
 * @param draftTex        the template with introduction and related work written by the literature agent
 * @param idea            idea.md
 * @param experimentalLog experimental_log.md
 * @param figures         the figures to include, in plan order
 */
public record WriterInputs(String draftTex, String idea, String experimentalLog, List<Figure> figures) {

    public WriterInputs {
        figures = List.copyOf(figures);
    }
}
