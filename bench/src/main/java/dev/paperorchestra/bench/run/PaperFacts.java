package dev.paperorchestra.bench.run;

import dev.paperorchestra.model.summary.RunSummary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The compile result and gate tally of a written paper, for its console line: "compiled, 9 pages; gates 4 of 5 passed". */
final class PaperFacts {

    private PaperFacts() {
    }

    static String line(Path outputDir) {
        RunSummary summary;
        try {
            summary = RunSummary.read(outputDir.resolve("summary.json"));
        } catch (RuntimeException e) {
            return ""; // no summary, or one this po cannot read: the verdict says so
        }
        List<String> parts = new ArrayList<>();
        RunSummary.Compile compile = summary.compile();
        String status = compile.status().toLowerCase(Locale.ROOT);
        parts.add((compile.compiled() ? "compiled" : "compile " + status)
                + (compile.pages() != null ? ", " + compile.pages() + " pages" : ""));
        if (summary.writerGates() != null && !summary.writerGates().gates().isEmpty()) {
            List<RunSummary.GateOutcome> gates = summary.writerGates().gates();
            parts.add("gates " + gates.stream().filter(RunSummary.GateOutcome::passed).count() + " of " + gates.size()
                    + " passed");
        }
        if (!summary.checks().isEmpty()) {
            parts.add("checks " + summary.checks().stream().filter(RunSummary.Check::passed).count() + " of "
                    + summary.checks().size() + " passed");
        }
        return String.join("; ", parts);
    }
}
