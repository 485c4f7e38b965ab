package dev.paperorchestra.writer.tables;

import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownText;
import java.util.List;

/**
 * A log table as a booktabs float. Cells are converted, never rewritten: {@code **x**} becomes
 * {@code \textbf{x}}, symbols are escaped, every digit stays as logged. In a two-column paper a wide table
 * (more than six columns, or cells too wide for one column) spans both columns; beyond seven columns the
 * tabular is scaled to the line width.
 */
public final class BooktabsTable {

    /** Above this many columns a two-column paper gives the table the full page width. */
    static final int WIDE_COLUMNS = 6;
    /** Above this many columns the tabular is scaled down to the line width. */
    static final int RESIZE_COLUMNS = 7;
    /**
     * About how many characters of small Times fit in one column of a two-column page; a table whose widest
     * cells add up to more would run into the other column, so it spans both.
     */
    static final int COLUMN_CHARACTERS = 52;
    /** About how many characters of small Times fit across the text block of either layout. */
    static final int TEXT_CHARACTERS = 110;

    private BooktabsTable() {
    }

    /**
     * @param label     the {@code \label}, e.g. {@code tab:main_results}
     * @param twoColumn true when the paper is set in two columns
     */
    public static String render(MarkdownTable table, String label, boolean twoColumn) {
        int columns = table.header().size();
        int width = naturalWidth(table);
        boolean wide = twoColumn && (columns > WIDE_COLUMNS || width > COLUMN_CHARACTERS);
        String environment = wide ? "table*" : "table";
        boolean resize = columns > RESIZE_COLUMNS;
        int available = twoColumn && !wide ? COLUMN_CHARACTERS : TEXT_CHARACTERS;
        StringBuilder out = new StringBuilder();
        out.append("\\begin{").append(environment).append("}[t]\n")
                .append("\\centering\n\\small\n")
                .append("\\caption{").append(LatexText.text(table.caption())).append("}\n")
                .append("\\label{").append(label).append("}\n");
        if (!resize && width > available) {
            // still too wide for its space: narrower column gaps (scaling is kept for very wide tables)
            out.append("\\setlength{\\tabcolsep}{4pt}\n");
        }
        if (resize) {
            out.append("\\resizebox{\\linewidth}{!}{%\n");
        }
        out.append("\\begin{tabular}{l").append("c".repeat(Math.max(0, columns - 1))).append("}\n")
                .append("\\toprule\n")
                .append(row(table.header())).append("\\midrule\n");
        table.rows().forEach(row -> out.append(row(row)));
        out.append("\\bottomrule\n\\end{tabular}");
        out.append(resize ? "}\n" : "\n");
        out.append("\\end{").append(environment).append("}\n");
        return out.toString();
    }

    /** One markdown cell as LaTeX. */
    public static String cell(String markdown) {
        return LatexText.markdown(markdown.strip());
    }

    /** The table's width in characters: the widest cell of each column plus the space between columns. */
    static int naturalWidth(MarkdownTable table) {
        int width = 0;
        for (int column = 0; column < table.header().size(); column++) {
            final int c = column;
            int widest = MarkdownText.plain(table.header().get(c)).length();
            widest = Math.max(widest, table.rows().stream().mapToInt(row -> MarkdownText.plain(row.get(c)).length())
                    .max().orElse(0));
            width += widest + (column > 0 ? 3 : 0);
        }
        return width;
    }

    private static String row(List<String> cells) {
        return String.join(" & ", cells.stream().map(BooktabsTable::cell).toList()) + " \\\\\n";
    }
}
