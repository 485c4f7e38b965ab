package dev.paperorchestra.writer.sections;

import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownText;
import dev.paperorchestra.content.materials.NumericCell;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The sentence the offline writer states for a log table: which row holds the table's best values, with those
 * values exactly as logged. "Best" is what the log marks: a bold cell, else the extreme of a column whose
 * header says its direction (an arrow ↓ or ↑). A table that marks neither gets the range of its first numeric
 * column. Only cells of the log are quoted; nothing is computed.
 */
final class TableFindings {

    private static final int MOST_COLUMNS = 6;
    private static final Pattern METHOD_ROWS = Pattern.compile(
            "(?i)method|variant|model|approach|optimi[sz]er|system|condition|treatment|group|arm\\b");

    private TableFindings() {
    }

    /** One or more sentences in markdown (escaped by the caller), or empty for a table without numbers. */
    static String of(MarkdownTable table) {
        Map<Integer, List<Integer>> bestByRow = new LinkedHashMap<>();
        for (int column : table.numericColumns().stream().limit(MOST_COLUMNS).toList()) {
            best(table, column).ifPresent(row -> bestByRow.computeIfAbsent(row, r -> new ArrayList<>()).add(column));
        }
        if (bestByRow.isEmpty()) {
            return range(table);
        }
        List<String> sentences = new ArrayList<>();
        // rows are methods ("Method", "Variant") or settings ("Points", "Batch size") with methods as columns
        boolean rowsAreMethods = METHOD_ROWS.matcher(MarkdownText.plain(table.header().getFirst())).find();
        bestByRow.forEach((row, columns) -> {
            List<String> values = columns.stream()
                    .map(column -> name(table.header().get(column)) + " " + cell(table, row, column)).toList();
            sentences.add(rowsAreMethods
                    ? label(table, row) + " has the best " + (columns.size() == 1 ? "value" : "values")
                            + " of the table: " + list(values) + "."
                    : "For " + MarkdownText.plain(table.header().getFirst()).strip() + " " + label(table, row)
                            + ", the table's best " + (columns.size() == 1 ? "entry is " : "entries are ")
                            + list(values) + ".");
        });
        return String.join(" ", sentences);
    }

    /**
     * The table's headline for the abstract, in markdown: the row the log marks best in most columns, with those
     * values as logged ("In the comparison on KITTI, GlimpseDepth reaches AbsRel 0.029 and RMSE 1.487."); empty
     * when the table's rows are not methods or it marks no best value.
     */
    static Optional<String> headline(MarkdownTable table) {
        if (!METHOD_ROWS.matcher(MarkdownText.plain(table.header().getFirst())).find()) {
            return Optional.empty();
        }
        Map<Integer, List<Integer>> bestByRow = new LinkedHashMap<>();
        for (int column : table.numericColumns().stream().limit(MOST_COLUMNS).toList()) {
            best(table, column).ifPresent(row -> bestByRow.computeIfAbsent(row, r -> new ArrayList<>()).add(column));
        }
        return bestByRow.entrySet().stream().max((a, b) -> Integer.compare(a.getValue().size(), b.getValue().size()))
                .map(entry -> "In the " + Sentences.continuing(LogCaptions.clean(table.caption())) + ", "
                        + label(table, entry.getKey()) + " reaches " + list(entry.getValue().stream()
                                .map(column -> name(table.header().get(column)) + " " + cell(table, entry.getKey(),
                                        column)).toList()) + ".");
    }

    /** The row the log marks as best in a column: the bold cell, else the extreme the header's arrow asks for. */
    private static Optional<Integer> best(MarkdownTable table, int column) {
        List<Integer> bold = new ArrayList<>();
        for (int row = 0; row < table.rows().size(); row++) {
            if (table.rows().get(row).get(column).contains("**")) {
                bold.add(row);
            }
        }
        if (bold.size() == 1) {
            return Optional.of(bold.getFirst());
        }
        if (!bold.isEmpty()) {
            // several bold cells (one per block of the table): the last block is usually the headline setting
            return Optional.of(bold.getLast());
        }
        String header = table.header().get(column);
        boolean lower = header.contains("↓");
        if (!lower && !header.contains("↑")) {
            return Optional.empty();
        }
        Integer bestRow = null;
        double bestValue = 0;
        for (int row = 0; row < table.rows().size(); row++) {
            Optional<NumericCell> cell = table.number(row, column);
            if (cell.isPresent() && (bestRow == null
                    || (lower ? cell.get().value() < bestValue : cell.get().value() > bestValue))) {
                bestRow = row;
                bestValue = cell.get().value();
            }
        }
        return Optional.ofNullable(bestRow);
    }

    private static String range(MarkdownTable table) {
        if (table.numericColumns().isEmpty() || table.rows().size() < 2) {
            return "";
        }
        int column = table.numericColumns().getFirst();
        int low = 0;
        int high = 0;
        for (int row = 1; row < table.rows().size(); row++) {
            double value = table.number(row, column).map(NumericCell::value).orElse(Double.NaN);
            if (value < table.number(low, column).map(NumericCell::value).orElse(Double.NaN)) {
                low = row;
            }
            if (value > table.number(high, column).map(NumericCell::value).orElse(Double.NaN)) {
                high = row;
            }
        }
        if (low == high) {
            return "";
        }
        return name(table.header().get(column)) + " ranges from " + cell(table, low, column) + " for "
                + label(table, low) + " to " + cell(table, high, column) + " for " + label(table, high) + ".";
    }

    private static String label(MarkdownTable table, int row) {
        return MarkdownText.plain(table.rows().get(row).getFirst()).strip();
    }

    private static String cell(MarkdownTable table, int row, int column) {
        return MarkdownText.plain(table.rows().get(row).get(column)).strip();
    }

    /** The column's name without its direction arrow. */
    private static String name(String header) {
        return MarkdownText.plain(header).replace("↓", "").replace("↑", "").strip();
    }

    private static String list(List<String> items) {
        return items.size() == 1 ? items.getFirst()
                : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.getLast();
    }
}
