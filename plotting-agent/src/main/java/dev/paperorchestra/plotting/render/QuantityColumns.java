package dev.paperorchestra.plotting.render;

import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.NumericCell;
import dev.paperorchestra.model.text.Prose;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Tells measured quantities from numbers that only name things. A year, an id or an index is written with
 * digits but has no magnitude: bars of "Collection year" drawn up from zero say nothing, so such columns are
 * never charted.
 */
public final class QuantityColumns {

    /** Header words of a column that names or dates its rows. */
    private static final Set<String> NAMING_WORDS = Set.of("year", "years", "id", "ids", "identifier", "index",
            "date", "version", "seed");
    private static final int FIRST_YEAR = 1800;
    private static final int LAST_YEAR = 2100;

    private QuantityColumns() {
    }

    /** The numeric columns (after the row-label column) that hold quantities. */
    public static List<Integer> quantityColumns(MarkdownTable table) {
        return table.numericColumns().stream().filter(column -> reasonNotAQuantity(table, column).isEmpty()).toList();
    }

    /** Why a numeric column is not a quantity, or empty when it is one. */
    public static Optional<String> reasonNotAQuantity(MarkdownTable table, int column) {
        String header = AxisLabels.name(table.header().get(column)).strip();
        if (names(header)) {
            return Optional.of("column '" + header + "' names or dates its rows (year, id, index); it is not a "
                    + "quantity to chart");
        }
        boolean allYears = !table.rows().isEmpty();
        for (int row = 0; row < table.rows().size(); row++) {
            Optional<NumericCell> cell = table.number(row, column);
            boolean year = cell.isPresent() && cell.get().digits().length() == 4
                    && cell.get().digits().chars().allMatch(Character::isDigit) && !cell.get().percent()
                    && cell.get().value() >= FIRST_YEAR && cell.get().value() <= LAST_YEAR;
            allYears &= year;
        }
        return allYears ? Optional.of("column '" + header + "' holds years; a year is not a quantity to chart")
                : Optional.empty();
    }

    /** A header such as "Collection year", "Run ID", "#" or "No.": the column names or dates its rows. */
    private static boolean names(String header) {
        String lower = header.toLowerCase(Locale.ROOT);
        if (lower.equals("#") || lower.equals("no.")) {
            return true;
        }
        for (String word : Prose.normalised(header).split(" ")) {
            if (NAMING_WORDS.contains(word)) {
                return true;
            }
        }
        return false;
    }
}
