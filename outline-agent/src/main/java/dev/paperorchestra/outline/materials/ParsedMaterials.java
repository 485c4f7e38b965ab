package dev.paperorchestra.outline.materials;

import dev.paperorchestra.runtime.materials.Guidelines;
import dev.paperorchestra.runtime.materials.LatexTemplate;
import dev.paperorchestra.runtime.materials.MarkdownTable;
import java.util.List;

/**
 * The materials after validation: texts that are known to be usable, and what was parsed from them.
 *
 * @param sourceDirectory materials directory as the submitter named it (for messages only)
 * @param idea            idea.md
 * @param experimentalLog experimental_log.md
 * @param tables          the log's markdown tables in order (possibly none)
 * @param template        template.tex, parsed
 * @param guidelines      conference_guidelines.md as written
 * @param parsedGuidelines what the agents read from the guidelines
 */
public record ParsedMaterials(String sourceDirectory, String idea, String experimentalLog, List<MarkdownTable> tables,
        LatexTemplate template, String guidelines, Guidelines parsedGuidelines) {

    public ParsedMaterials {
        tables = List.copyOf(tables);
    }
}
