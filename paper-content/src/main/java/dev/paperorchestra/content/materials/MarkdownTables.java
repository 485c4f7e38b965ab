package dev.paperorchestra.content.materials;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Finds the pipe tables of a markdown document, each with the heading above it as caption. */
public final class MarkdownTables {

    private MarkdownTables() {
    }

    /**
     * A body row whose cell count differs from the header's; the row is padded with empty cells or cut to fit.
     *
     * @param table  0-based table index
     * @param row    1-based body row
     * @param cells  cells the row has
     * @param header cells the header has
     */
    record RaggedRow(int table, int row, int cells, int header) {
    }

    public static List<MarkdownTable> parse(String markdown) {
        return parse(markdown, new ArrayList<>());
    }

    /** Parses and collects every ragged row into {@code ragged}. */
    static List<MarkdownTable> parse(String markdown, List<RaggedRow> ragged) {
        List<String> lines = markdown.lines().toList();
        List<MarkdownTable> tables = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            if (isRow(lines.get(i)) && i + 1 < lines.size() && isSeparator(lines.get(i + 1))) {
                List<String> header = cells(lines.get(i));
                List<List<String>> rows = new ArrayList<>();
                int j = i + 2;
                while (j < lines.size() && isRow(lines.get(j))) {
                    List<String> cells = cells(lines.get(j));
                    if (cells.size() != header.size()) {
                        ragged.add(new RaggedRow(tables.size(), rows.size() + 1, cells.size(), header.size()));
                    }
                    rows.add(fit(cells, header.size()));
                    j++;
                }
                tables.add(new MarkdownTable(tables.size(), captionAbove(lines, i, tables.size()), header, rows));
                i = j;
            } else {
                i++;
            }
        }
        return tables;
    }

    private static String captionAbove(List<String> lines, int tableStart, int index) {
        for (int k = tableStart - 1; k >= 0; k--) {
            String line = lines.get(k).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (MarkdownText.headingLevel(line) > 0) {
                return MarkdownText.plain(line.replaceFirst("^#+", ""));
            }
            if (line.startsWith("**") && line.endsWith("**") || line.toLowerCase().startsWith("table")) {
                return MarkdownText.plain(line).replaceFirst(":$", "");
            }
            break;
        }
        return "Table " + (index + 1);
    }

    private static boolean isRow(String line) {
        String stripped = line.strip();
        return stripped.startsWith("|") && stripped.length() > 1;
    }

    private static boolean isSeparator(String line) {
        return line.strip().matches("^\\|?(\\s*:?-{3,}:?\\s*\\|)+\\s*:?-{0,}:?\\s*\\|?$");
    }

    private static List<String> cells(String line) {
        String stripped = line.strip();
        if (stripped.startsWith("|")) {
            stripped = stripped.substring(1);
        }
        if (stripped.endsWith("|")) {
            stripped = stripped.substring(0, stripped.length() - 1);
        }
        return Arrays.stream(stripped.split("(?<!\\\\)\\|", -1)).map(String::strip).toList();
    }

    private static List<String> fit(List<String> cells, int width) {
        List<String> fitted = new ArrayList<>(cells.subList(0, Math.min(width, cells.size())));
        while (fitted.size() < width) {
            fitted.add("");
        }
        return fitted;
    }
}
