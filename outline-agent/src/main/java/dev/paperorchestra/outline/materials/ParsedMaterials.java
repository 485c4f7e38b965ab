package dev.paperorchestra.outline.materials;

import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.outline.exemplar.ExemplarPlan;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The materials after validation: texts that are known to be usable, and what was parsed from them.
 *
 * @param idea            idea.md
 * @param experimentalLog experimental_log.md
 * @param tables          the log's markdown tables in order (possibly none)
 * @param template        template.tex, parsed
 * @param guidelines      conference_guidelines.md as written
 * @param exemplars       the section plan read from the exemplar papers, null when the materials have none
 */
public record ParsedMaterials(String idea, String experimentalLog, List<MarkdownTable> tables, LatexTemplate template,
        String guidelines, @Nullable ExemplarPlan exemplars) {

    public ParsedMaterials {
        tables = List.copyOf(tables);
    }

    /** Materials without exemplar papers. */
    public ParsedMaterials(String idea, String experimentalLog, List<MarkdownTable> tables, LatexTemplate template,
            String guidelines) {
        this(idea, experimentalLog, tables, template, guidelines, null);
    }

    /** These materials with the exemplars' plan. */
    public ParsedMaterials withExemplars(@Nullable ExemplarPlan plan) {
        return new ParsedMaterials(idea, experimentalLog, tables, template, guidelines, plan);
    }
}
