package dev.paperorchestra.content.integrity;

import dev.paperorchestra.content.materials.MarkdownTable;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexFloat;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.text.Prose;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The second direction of numeric fidelity: every numeric table of the experimental log is in the paper. A log
 * table counts as present when the paper's tables hold at least half of its numbers (a table may be trimmed to
 * its key columns, not dropped), when an included figure's chart spec draws it (the source table of the figure's
 * provenance), when a figure without a spec (an author's) has a caption naming what the table measures, or when
 * the paper's plan says why it is left out (a sentence naming the table with "left out", "omitted" or
 * "not reported").
 */
final class LogTableCoverage {

    /** How a plan says a table is left out. */
    private static final List<String> LEFT_OUT = List.of("left out", "leave out", "omit", "not reported",
            "not included", "excluded", "appendix only");
    /** Share of a table caption's words a figure caption must repeat to count as plotting that table. */
    private static final double CAPTION_OVERLAP = 0.6;
    /** Shortest word of a caption that says what it measures ("rmse", "depth"; not "of", "the"). */
    private static final int CAPTION_WORD_MIN = 4;

    private LogTableCoverage() {
    }

    /** Tables of the log that the gate checks: those with a numeric column. */
    static long numericTables(String log) {
        return MarkdownTables.parse(log).stream().filter(MarkdownTable::isNumeric).count();
    }

    /**
     * @param paper         the paper (its main text and appendix are looked at)
     * @param log           experimental_log.md
     * @param plan          the paper's plan (outline.json), empty when there is none
     * @param plottedTables figure file name to the caption of the log table its chart spec draws
     * @return one finding per log table missing from the paper
     */
    static List<Finding> missing(PaperText paper, String log, String plan, Map<String, String> plottedTables) {
        String text = paper.withoutComments().toString();
        Set<BigDecimal> inTables = new HashSet<>();
        for (TexSpan cells : NumericFidelityGate.cells(paper.document)) {
            if (cells.start() >= paper.bodyStart()) {
                inTables.addAll(NumericFidelityGate.numbers(cells.of(text)));
            }
        }
        List<IncludedFigure> figures = figures(paper, plottedTables);
        List<String> planSentences = sentences(plan);
        return MarkdownTables.parse(log).stream().filter(MarkdownTable::isNumeric)
                .filter(logTable -> !asTable(logTable, inTables) && !asFigure(logTable, figures)
                        && !leftOutByPlan(logTable, planSentences))
                .map(logTable -> Finding.of(Gate.NUMERIC_FIDELITY, "table.log-table-missing", "log table \""
                        + logTable.caption() + "\" is in the paper neither as a table nor as a figure, and the plan "
                        + "does not say why it is left out; add it as a table with the logged values"))
                .toList();
    }

    private static boolean asTable(MarkdownTable logTable, Set<BigDecimal> inTables) {
        Set<BigDecimal> values = new HashSet<>();
        for (List<String> row : logTable.rows()) {
            for (int column : logTable.numericColumns()) {
                values.addAll(NumericFidelityGate.numbers(row.get(column)));
            }
        }
        long found = values.stream().filter(inTables::contains).count();
        return !values.isEmpty() && found * 2 >= values.size();
    }

    private static boolean asFigure(MarkdownTable logTable, List<IncludedFigure> figures) {
        String caption = logTable.caption().strip();
        if (figures.stream().anyMatch(figure -> figure.plotted() != null
                && figure.plotted().strip().equalsIgnoreCase(caption))) {
            return true;
        }
        Set<String> wanted = words(caption);
        if (wanted.isEmpty()) {
            return false;
        }
        // a figure without a spec (an author's) can only be matched by what its caption says it shows
        return figures.stream().filter(figure -> figure.plotted() == null).map(figure -> words(figure.caption()))
                .anyMatch(words -> wanted.stream().filter(words::contains).count()
                        >= Math.ceil(wanted.size() * CAPTION_OVERLAP));
    }

    private static boolean leftOutByPlan(MarkdownTable logTable, List<String> plan) {
        String caption = logTable.caption().toLowerCase(Locale.ROOT);
        return plan.stream().anyMatch(sentence -> sentence.contains(caption)
                && LEFT_OUT.stream().anyMatch(sentence::contains));
    }

    /** The plan's sentences, lower case: line by line (outline.json puts one value on a line), then by sentence. */
    private static List<String> sentences(String plan) {
        List<String> sentences = new ArrayList<>();
        plan.toLowerCase(Locale.ROOT).lines().forEach(line -> sentences.addAll(Prose.sentences(line)));
        return sentences;
    }

    /** A figure environment of the paper: its caption, and the log table its chart spec draws (null: no spec). */
    private record IncludedFigure(String caption, @Nullable String plotted) {
    }

    private static List<IncludedFigure> figures(PaperText paper, Map<String, String> plottedTables) {
        List<IncludedFigure> figures = new ArrayList<>();
        for (TexFloat figure : paper.document.floats()) {
            if (!figure.name().startsWith("figure") || figure.environment().span().start() < paper.bodyStart()) {
                continue;
            }
            StringBuilder caption = new StringBuilder();
            figure.captions().forEach(command -> caption.append(' ').append(TexDocument.plainText(command.lastText())));
            String plotted = null;
            for (TexCommand graphic : figure.graphics()) {
                String path = graphic.lastText().strip();
                plotted = plotted != null ? plotted : plottedTables.get(path.substring(path.lastIndexOf('/') + 1));
            }
            figures.add(new IncludedFigure(caption.toString(), plotted));
        }
        return figures;
    }

    /** The words of a caption long enough to say what it measures, lower case. */
    private static Set<String> words(String text) {
        Set<String> words = new HashSet<>();
        for (String word : Prose.normalised(text).split(" ")) {
            if (word.length() >= CAPTION_WORD_MIN && Character.isLetter(word.charAt(0))) {
                words.add(word);
            }
        }
        return words;
    }
}
