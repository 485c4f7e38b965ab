package dev.paperorchestra.bench.report;

import dev.paperorchestra.bench.autorate.AutoraterSuite;
import dev.paperorchestra.bench.run.CaseEntry;
import dev.paperorchestra.bench.run.CaseState;
import dev.paperorchestra.model.summary.RunSummary;
import dev.paperorchestra.base.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import dev.paperorchestra.content.outputs.PaperVerdict;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds every output of a bench run from BENCH_DIR alone (the journal's last entry per case, each completed
 * paper's summary.json, each case's saved autorater outputs): results.jsonl, results.csv, summary.json and
 * report.html. Rebuilt at the end of every run, so a resumed run's results cover every case.
 */
public final class BenchResults {

    private BenchResults() {
    }

    public static List<ResultRow> rows(Path benchDir, List<String> caseOrder, Map<String, CaseEntry> entries) {
        return rows(benchDir, caseOrder, entries, Set.of());
    }

    /**
     * @param stale cases whose materials or options changed since their result (kept with --keep-stale): their
     *              rows say so
     */
    public static List<ResultRow> rows(Path benchDir, List<String> caseOrder, Map<String, CaseEntry> entries,
            Set<String> stale) {
        List<ResultRow> rows = new ArrayList<>();
        for (String caseName : caseOrder) {
            CaseEntry entry = entries.get(caseName);
            if (entry == null) {
                continue;
            }
            Path caseDir = benchDir.resolve("cases").resolve(caseName);
            Path outputDir = caseDir.resolve(entry.paperId());
            RunSummary summary = entry.state().written() ? readSummary(outputDir) : null;
            if (entry.state().written()) {
                entry = judged(entry, outputDir);
            }
            String relative = summary == null ? null : benchDir.relativize(outputDir).toString();
            ResultRow row = ResultRow.of(entry, summary, relative, AutoraterSuite.columns(caseDir));
            if (summary != null) {
                row.columns().put("review_scores", CaseArtifacts.reviewScores(outputDir));
                row.figures(CaseArtifacts.figures(benchDir, outputDir));
            }
            if (stale.contains(caseName)) {
                row.columns().put("stale", true);
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * A written paper judged from its files by the rule {@code po run} exits by, so a journal written before
     * complete and incomplete were told apart (or a paper whose files changed since) is reported as it is.
     */
    private static CaseEntry judged(CaseEntry entry, Path outputDir) {
        PaperVerdict verdict = PaperVerdict.of(outputDir, true);
        return verdict.complete() ? entry.with(CaseState.COMPLETE, entry.at(), entry.stage(), null)
                : entry.with(CaseState.INCOMPLETE, entry.at(), entry.stage(), String.join("; ", verdict.shortfalls()));
    }

    public static ObjectNode write(Path benchDir, String title, List<ResultRow> rows, Map<String, String> notes) {
        return write(benchDir, title, rows, notes, Json.mapper().createObjectNode(), null);
    }

    /**
     * @param run        the run's environment (version, mode, models, machine, times, parallelism), into
     *                   summary.json and the report
     * @param comparison a {@link BenchComparison} with an earlier run, written to compare.json and the report
     */
    public static ObjectNode write(Path benchDir, String title, List<ResultRow> rows, Map<String, String> notes,
            ObjectNode run, @Nullable ObjectNode comparison) {
        ResultsWriter.write(benchDir, rows);
        ObjectNode aggregates = BenchAggregates.of(rows, notes);
        if (!run.isEmpty()) {
            aggregates.set("run", run);
        }
        ResultsWriter.atomicWrite(benchDir.resolve("summary.json"),
                Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(aggregates) + "\n");
        if (comparison != null) {
            ResultsWriter.atomicWrite(benchDir.resolve("compare.json"),
                    Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(comparison) + "\n");
        }
        ResultsWriter.atomicWrite(benchDir.resolve("report.html"), HtmlReport.render(title, rows, aggregates, comparison));
        return aggregates;
    }

    /**
     * A completed paper's summary.json, or null when it is missing or unreadable (one written by a newer po): the
     * row then has no figures, and the case's verdict says why.
     */
    public static @Nullable RunSummary readSummary(Path outputDir) {
        Path file = outputDir.resolve("summary.json");
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return RunSummary.read(file);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
