package dev.paperorchestra.plotting.render;

import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import java.util.List;

/**
 * A table of the materials together with the document it came from, so a caption can say where its numbers
 * were taken.
 *
 * @param table  the table, cells as written
 * @param source which document holds it
 */
public record SourceTable(MarkdownTable table, Source source) {

    /** The materials documents that can hold tables. */
    public enum Source {
        LOG("the experimental log"),
        IDEA("the idea description");

        private final String description;

        Source(String description) {
            this.description = description;
        }

        /** Plain words for a caption, e.g. "the experimental log". */
        public String description() {
            return description;
        }
    }

    public static List<SourceTable> parse(String markdown, Source source) {
        return MarkdownTables.parse(markdown).stream().map(table -> new SourceTable(table, source)).toList();
    }

    public String caption() {
        return table.caption();
    }
}
