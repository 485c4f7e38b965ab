package dev.paperorchestra.writer.sections;

import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdSection;
import dev.paperorchestra.model.markdown.MdTable;
import java.util.List;

/**
 * The materials as the paper model reads them, for the model writer's prompt beside the files themselves: the
 * paper's title by the offline writer's rule (never a materials heading such as "Problem Statement"), the
 * method's name, what each of the idea's sections is for, the log's tables with their columns and rows as
 * parsed (bold headers and math unwrapped), and the approaches the log compares. The model then builds on the
 * same reading as the offline writer and the gates, not on its own reading of Markdown.
 */
final class MaterialsDigest {

    private MaterialsDigest() {
    }

    static String of(String ideaMarkdown, String log) {
        IdeaContent idea = IdeaContent.parse(ideaMarkdown, log);
        StringBuilder out = new StringBuilder();
        if (idea.title() != null) {
            out.append("- The paper's title (unless the template already has a real one): ").append(idea.title())
                    .append('\n');
        }
        idea.name().ifPresent(name -> out.append("- The method's name: ").append(name).append('\n'));
        List<String> compared = PriorWork.baselines(log, idea);
        if (!compared.isEmpty()) {
            out.append("- Approaches the log compares (discuss each in the related work, cite a verified work "
                    + "for it when the citation map has one): ").append(String.join(", ", compared)).append('\n');
        }
        List<MdSection> sections = MarkdownDocument.parse(ideaMarkdown).sections();
        if (!sections.isEmpty()) {
            out.append("- The idea's sections and what they hold (a heading of the materials is never a heading "
                    + "or the title of the paper):\n");
            for (MdSection section : sections) {
                out.append("  ").append("  ".repeat(Math.max(0, section.level() - 1))).append("- \"")
                        .append(section.title()).append("\": ")
                        .append(IdeaContent.Kind.of(section.title()).name().toLowerCase(java.util.Locale.ROOT))
                        .append('\n');
            }
        }
        List<MdTable> tables = MarkdownDocument.parse(log).tables();
        if (!tables.isEmpty()) {
            out.append("- The log's tables as parsed (copy every number from the log as written):\n");
            for (MdTable table : tables) {
                out.append("  - Table ").append(table.index() + 1).append(" \"").append(table.caption())
                        .append("\": columns ").append(String.join(" | ", table.headerText())).append("; ")
                        .append(table.rows().size()).append(table.rows().size() == 1 ? " row" : " rows")
                        .append(table.rowLabels().isEmpty() ? "" : " (" + String.join(", ", table.rowLabels()) + ")")
                        .append('\n');
            }
        }
        return out.toString().strip();
    }
}
