package dev.paperorchestra.content.revision;

import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.content.materials.MarkdownTable;
import java.util.List;
import java.util.stream.Collectors;

/** A log table as the response quotes it (Markdown) and as the revised paper sets it (booktabs), cells verbatim. */
final class LogTableLatex {

    private LogTableLatex() {
    }

    static String markdown(MarkdownTable table) {
        StringBuilder out = new StringBuilder(table.caption()).append('\n');
        out.append(row(table.header())).append('\n');
        out.append(table.header().stream().map(cell -> "---").collect(Collectors.joining(" | ", "| ", " |")))
                .append('\n');
        table.rows().forEach(row -> out.append(row(row)).append('\n'));
        return out.toString().strip();
    }

    private static String row(List<String> cells) {
        return cells.stream().collect(Collectors.joining(" | ", "| ", " |"));
    }

    /** A table float; every cell passes through {@link LatexText#markdown}, which never touches a digit. */
    static String latex(MarkdownTable table, String label) {
        String columns = "l" + "c".repeat(Math.max(0, table.header().size() - 1));
        StringBuilder out = new StringBuilder();
        out.append("\\begin{table}[t]\n\\centering\n\\caption{").append(LatexText.markdown(table.caption()))
                .append("}\n\\label{").append(label).append("}\n\\begin{tabular}{").append(columns).append("}\n")
                .append("\\toprule\n").append(latexRow(table.header())).append("\\midrule\n");
        table.rows().forEach(row -> out.append(latexRow(row)));
        out.append("\\bottomrule\n\\end{tabular}\n\\end{table}");
        return out.toString();
    }

    private static String latexRow(List<String> cells) {
        return cells.stream().map(LatexText::markdown).collect(Collectors.joining(" & ", "", " \\\\\n"));
    }
}
