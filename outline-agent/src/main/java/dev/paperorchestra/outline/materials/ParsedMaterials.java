package dev.paperorchestra.outline.materials;

import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.content.materials.MarkdownTable;
import java.util.List;

/**
 * The materials after validation: texts that are known to be usable, and what was parsed from them.
 *
 * @param idea            idea.md
 * @param experimentalLog experimental_log.md
 * @param tables          the log's markdown tables in order (possibly none)
 * @param template        template.tex, parsed
 * @param guidelines      conference_guidelines.md as written
 */
public record ParsedMaterials(String idea, String experimentalLog, List<MarkdownTable> tables, LatexTemplate template,
        String guidelines) {

    public ParsedMaterials {
        tables = List.copyOf(tables);
    }
}
