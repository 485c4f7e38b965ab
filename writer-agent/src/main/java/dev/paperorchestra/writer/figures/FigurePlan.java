package dev.paperorchestra.writer.figures;

import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.Figure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import dev.paperorchestra.model.tex.TexDocument;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * How the paper presents the figures' data, read from the figures' provenance and the plotting agent's skipped
 * list. A log table an included chart draws is presented by that chart and is not typeset again, unless the
 * chart's spec says why the table is shown too ({@code table_also_shown_because}); a chart that fell back to the
 * rules' rendering still draws its table, so it counts the same way. Tables no chart draws are typeset.
 *
 * @param chartedTables log table caption to the id of the included figure that presents it alone
 * @param alsoShown     log table caption to the reason its chart gives for typesetting the table as well
 * @param leftOut       planned figures that were not made, in plan order
 */
public record FigurePlan(Map<String, String> chartedTables, Map<String, String> alsoShown,
        List<LeftOutFigure> leftOut) {

    /** No chart draws a log table and nothing was left out (author figures, or no figures). */
    public static final FigurePlan NONE = new FigurePlan(Map.of(), Map.of(), List.of());

    public FigurePlan {
        chartedTables = Map.copyOf(chartedTables);
        alsoShown = Map.copyOf(alsoShown);
        leftOut = List.copyOf(leftOut);
    }

    /**
     * @param figures the included figures
     * @param skipped the plotting agent's "figureId: reason" entries
     * @param outline outline.json (for the titles of left-out figures); "" when there is none
     * @param text    reads a blob as text
     */
    public static FigurePlan of(List<Figure> figures, List<String> skipped, String outline,
            Function<ArtifactRef, String> text) {
        Map<String, String> charted = new LinkedHashMap<>();
        Map<String, String> alsoShown = new LinkedHashMap<>();
        for (Figure figure : figures) {
            if (figure.getProvenance() == null) {
                continue;
            }
            JsonNode provenance = read(text.apply(figure.getProvenance()));
            String table = provenance.path("source_table").asString("").strip();
            if (table.isEmpty()) {
                continue;
            }
            String reason = provenance.path("table_also_shown_because").asString("").strip();
            if (reason.isEmpty()) {
                charted.putIfAbsent(table, figure.getFigureId());
            } else {
                alsoShown.putIfAbsent(table, reason);
            }
        }
        // a table one chart presents alone and another chart shows with a reason is typeset: the reason wins
        alsoShown.keySet().forEach(charted::remove);
        Map<String, String> titles = titles(outline);
        List<LeftOutFigure> leftOut = new ArrayList<>();
        for (String entry : skipped) {
            int colon = entry.indexOf(':');
            String id = (colon < 0 ? entry : entry.substring(0, colon)).strip();
            String reason = colon < 0 ? "" : entry.substring(colon + 1).strip();
            if (!id.isEmpty()) {
                leftOut.add(new LeftOutFigure(id, titles.getOrDefault(id, id), reason));
            }
        }
        return new FigurePlan(charted, alsoShown, leftOut);
    }

    /** True when an included chart presents this log table and the writer leaves the table out. */
    public boolean presentedByChart(MarkdownTable table) {
        return chartedTables.containsKey(table.caption().strip());
    }

    /** The log tables the paper typesets: those no chart presents alone. */
    public List<MarkdownTable> typeset(List<MarkdownTable> tables) {
        return tables.stream().filter(table -> !presentedByChart(table)).toList();
    }

    /**
     * What the text does against this plan, as CONTENT findings: it refers to a figure that was left out, or it
     * typesets a log table that a chart presents alone (every number of the table in one tabular).
     */
    public List<Finding> findings(String tex, String experimentalLog) {
        List<Finding> findings = new ArrayList<>();
        LeftOutFigureCheck.findings(tex, leftOut).forEach(message -> findings.add(Finding.of(Gate.CONTENT,
                "figure.left-out-mentioned", message)));
        if (chartedTables.isEmpty()) {
            return findings;
        }
        TexDocument document = TexDocument.parse(tex);
        List<String> tabulars = document.environments("tabular", "tabular*", "tabularx").stream()
                .map(tabular -> document.text(tabular.span()).replace("{,}", "").replace(",", "")).toList();
        for (MarkdownTable table : MarkdownTables.parse(experimentalLog)) {
            String figure = chartedTables.get(table.caption().strip());
            List<String> numbers = numbers(table);
            if (figure != null && !numbers.isEmpty()
                    && tabulars.stream().anyMatch(tabular -> numbers.stream().allMatch(tabular::contains))) {
                findings.add(Finding.of(Gate.CONTENT, "table.charted-and-typeset", "log table \""
                        + table.caption().strip() + "\" is typeset although figure " + figure + " presents it and its "
                        + "spec gives no reason to show both; drop the table and refer to the figure"));
            }
        }
        return findings;
    }

    /** How many things {@link #findings} checks: each left-out figure and each table a chart presents alone. */
    public int checked() {
        return leftOut.size() + chartedTables.size();
    }

    private static List<String> numbers(MarkdownTable table) {
        List<String> numbers = new ArrayList<>();
        for (int row = 0; row < table.rows().size(); row++) {
            for (int column : table.numericColumns()) {
                table.number(row, column).ifPresent(cell -> numbers.add(cell.digits()));
            }
        }
        return numbers;
    }

    /** What the model writer is told about tables drawn by figures and figures left out; "" when nothing. */
    public String instructions() {
        StringBuilder out = new StringBuilder();
        if (!chartedTables.isEmpty() || !alsoShown.isEmpty()) {
            out.append("## Log tables drawn by figures\n");
            chartedTables.forEach((table, figure) -> out.append("- \"").append(table).append("\" is presented by ")
                    .append("figure ").append(figure).append(": do not typeset it as a table; refer to the figure\n"));
            alsoShown.forEach((table, reason) -> out.append("- \"").append(table).append("\" is drawn by a figure ")
                    .append("and also typeset as a table, because ").append(reason).append('\n'));
        }
        if (!leftOut.isEmpty()) {
            out.append(out.isEmpty() ? "" : "\n").append("## Figures left out (never include, cite or mention them)\n")
                    .append(leftOut.stream().map(figure -> "- " + figure.figureId() + " (\"" + figure.title()
                            + "\"): " + figure.reason()).collect(Collectors.joining("\n"))).append('\n');
        }
        return out.toString();
    }

    private static Map<String, String> titles(String outline) {
        Map<String, String> titles = new LinkedHashMap<>();
        if (outline.isBlank()) {
            return titles;
        }
        for (JsonNode entry : read(outline).path("plotting_plan").values()) {
            String id = entry.path("figure_id").asString("").strip();
            String title = entry.path("title").asString("").strip();
            if (!id.isEmpty() && !title.isEmpty()) {
                titles.put(id, title);
            }
        }
        return titles;
    }

    private static JsonNode read(String json) {
        return Json.mapper().readTree(json);
    }
}
