package dev.paperorchestra.content.outputs;

import dev.paperorchestra.model.summary.RunSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a written paper is complete, read from its {@code summary.json}: its PDF compiled, and every writer gate
 * and final check in the summary passed.
 *
 * @param shortfalls what keeps the paper from being complete, one line each; empty when it is complete
 */
public record PaperVerdict(List<String> shortfalls) {

    private static final int FINDINGS_SHOWN = 3;

    public PaperVerdict {
        shortfalls = List.copyOf(shortfalls);
    }

    public boolean complete() {
        return shortfalls.isEmpty();
    }

    /**
     * @param paperDir    where the paper's outputs were written
     * @param pdfRequired false when the user accepted a paper without PDF ({@code --no-pdf})
     */
    public static PaperVerdict of(Path paperDir, boolean pdfRequired) {
        Path summaryFile = paperDir.resolve("summary.json");
        if (!Files.isRegularFile(summaryFile)) {
            return new PaperVerdict(List.of("summary.json is missing from " + paperDir));
        }
        RunSummary summary;
        try {
            summary = RunSummary.read(summaryFile);
        } catch (IllegalArgumentException e) {
            // e.g. written by a newer po (a server ahead of this client): the paper cannot be judged here
            return new PaperVerdict(List.of("cannot judge the paper: " + e.getMessage()));
        }
        return of(summary, Files.isRegularFile(paperDir.resolve("paper.pdf")), pdfRequired);
    }

    /**
     * @param summary     the paper's summary.json
     * @param pdfWritten  paper.pdf exists
     * @param pdfRequired false when the user accepted a paper without PDF ({@code --no-pdf})
     */
    public static PaperVerdict of(RunSummary summary, boolean pdfWritten, boolean pdfRequired) {
        List<String> shortfalls = new ArrayList<>();
        String status = summary.compile().status();
        boolean compiled = summary.compile().compiled() && pdfWritten;
        boolean acceptedWithout = !pdfRequired && status.equals("SKIPPED");
        if (!compiled && !acceptedWithout) {
            shortfalls.add("paper.pdf: " + (summary.compile().compiled() ? "not written" : "compile "
                    + status.toLowerCase(Locale.ROOT)) + " - " + summary.compile().message());
        }
        if (summary.writerGates() != null) {
            summary.writerGates().gates().stream().filter(gate -> !gate.passed())
                    .forEach(gate -> shortfalls.add("gate " + gate.gate() + " failed: " + shown(gate.findings())));
        }
        summary.checks().stream().filter(check -> !check.passed())
                .forEach(check -> shortfalls.add("check " + check.name() + " failed: " + check.detail()));
        return new PaperVerdict(shortfalls);
    }

    private static String shown(List<String> findings) {
        if (findings.isEmpty()) {
            return "see summary.json";
        }
        String shown = String.join("; ", findings.subList(0, Math.min(FINDINGS_SHOWN, findings.size())));
        return findings.size() > FINDINGS_SHOWN ? shown + " (and " + (findings.size() - FINDINGS_SHOWN) + " more)"
                : shown;
    }
}
