package dev.paperorchestra.plotting.spec;

import dev.paperorchestra.plotting.render.ChartData;
import dev.paperorchestra.content.materials.MarkdownTable;
import java.util.Optional;

/**
 * Whether the paper typesets the table a chart draws as well as the chart. The paper never shows the same numbers
 * twice without saying why: a chart that draws every logged number of its table presents that table, and the
 * writer leaves the table out. The rules' reason to show both is the one that keeps every logged number in the
 * paper: a chart that draws only part of its table's numbers (columns in another unit or scale, settings,
 * years, more series than one chart can carry, or a subset of the rows) leaves the table as the only place the
 * rest appear. The planner may give its own reason (the exact values matter); the rules' reason applies when it
 * gives none.
 */
public final class TablePresentation {

    private TablePresentation() {
    }

    /** The rules' reason to also typeset the table {@code data} draws, or empty when the chart alone presents it. */
    public static Optional<String> ruleReason(ChartData data) {
        MarkdownTable table = data.source().table();
        long logged = 0;
        for (int row = 0; row < table.rows().size(); row++) {
            for (int column : table.numericColumns()) {
                if (table.number(row, column).isPresent()) {
                    logged++;
                }
            }
        }
        // a scatter plot draws its x column besides the series
        long columns = data.series().size() + (data.kind() == ChartData.Kind.SCATTER ? 1 : 0);
        long drawn = Math.min(logged, columns * data.categories().size());
        if (drawn >= logged) {
            return Optional.empty();
        }
        return Optional.of("the chart draws " + drawn + " of the table's " + logged
                + " logged numbers; the table holds them all");
    }

    /** The planner's reason when it gave one, else the rules'. */
    public static ChartSpec decide(ChartSpec spec, ChartData data) {
        if (!spec.tableAlsoShownBecause().isEmpty()) {
            return spec;
        }
        return spec.withTableAlsoShownBecause(ruleReason(data).orElse(""));
    }
}
