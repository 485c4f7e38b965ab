package dev.paperorchestra.content.revision;

import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.NumericCell;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A bar chart of one column of a log table, drawn with {@code \rule} in a tabular so it needs no package the paper
 * may lack (the preamble is outside every section, so an edit cannot add one). The only numbers it states are the
 * cells, verbatim; the bars' heights are lengths, which the audit does not read as results.
 */
final class LogFigureLatex {

    private static final double TALLEST_CM = 3.0;

    private LogFigureLatex() {
    }

    /**
     * @return the figure, or empty when the column is not in the table or a row has no non-negative number in it
     */
    static Optional<String> bars(MarkdownTable table, String column, String label) {
        int index = -1;
        for (int i = 1; i < table.header().size(); i++) {
            if (LatexText.markdown(table.header().get(i)).strip().equalsIgnoreCase(column.strip())
                    || table.header().get(i).strip().equalsIgnoreCase(column.strip())) {
                index = i;
            }
        }
        if (index < 0 || table.rows().isEmpty()) {
            return Optional.empty();
        }
        List<NumericCell> cells = new ArrayList<>();
        for (int row = 0; row < table.rows().size(); row++) {
            Optional<NumericCell> cell = table.number(row, index);
            if (cell.isEmpty() || cell.get().value() < 0) {
                return Optional.empty();
            }
            cells.add(cell.get());
        }
        double max = cells.stream().mapToDouble(NumericCell::value).max().orElse(0);
        if (max <= 0) {
            return Optional.empty();
        }
        StringBuilder bars = new StringBuilder();
        StringBuilder values = new StringBuilder();
        StringBuilder names = new StringBuilder();
        for (int row = 0; row < cells.size(); row++) {
            String separator = row == 0 ? "" : " & ";
            bars.append(separator).append(String.format(Locale.ROOT, "\\rule{0.6cm}{%.2fcm}",
                    Math.max(0.02, cells.get(row).value() / max * TALLEST_CM)));
            values.append(separator).append("\\small ").append(LatexText.markdown(table.rows().get(row).get(index)
                    .strip()));
            names.append(separator).append("\\small ").append(LatexText.markdown(table.rows().get(row).get(0)
                    .strip()));
        }
        String columns = "c".repeat(cells.size());
        return Optional.of("\\begin{figure}[t]\n\\centering\n\\begin{tabular}{" + columns + "}\n" + bars
                + " \\\\\n" + values + " \\\\\n" + names + " \\\\\n\\end{tabular}\n\\caption{"
                + LatexText.markdown(table.header().get(index).strip()) + ", " + LatexText.markdown(lowerFirst(
                        table.caption())) + " (every value as logged).}\n\\label{" + label + "}\n\\end{figure}");
    }

    private static String lowerFirst(String text) {
        return text.isEmpty() || text.length() > 1 && Character.isUpperCase(text.charAt(1)) ? text
                : Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }
}
