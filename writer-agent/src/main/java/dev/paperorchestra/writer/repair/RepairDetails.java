package dev.paperorchestra.writer.repair;

import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexIssue;
import java.util.List;

/**
 * What a repair call is told about the problem: findings, errors with the lines around them, page counts with
 * what to do about them.
 */
final class RepairDetails {

    private static final int CONTEXT = 3;
    private static final String SHORTEN = "Shorten the main text until it fits: tighten wordy prose, merge "
            + "overlapping paragraphs, and move secondary tables or ablations into an appendix after the bibliography "
            + "(\\appendix). Keep every mandatory section, every figure (included once), every reported result that "
            + "remains, and every citation key valid. Never change fonts, margins, spacing or the preamble.";
    private static final String COMPLETE = "Complete it as the authors would: state every logged result the paper "
            + "does not report yet (exact values from experimental_log.md), explain the method's components and "
            + "design choices from idea.md, discuss what the results show and where the method falls short, and "
            + "relate the work to the cited literature. Add no number, citation key or claim the materials do not "
            + "hold; never pad with repeated text and never change fonts, margins, spacing or the preamble.";

    private RepairDetails() {
    }

    static String of(Problem problem, CheckedDraft checked) {
        return switch (problem) {
            case GATES -> checked.gates().without(Gate.PAGES).findingsText();
            case COMPILE -> compileErrors(checked);
            case PAGES -> checked.overPageLimit() ? "The main text (everything before the references) runs "
                    + checked.mainTextPages() + " pages; the guidelines allow " + checked.pageLimit() + ". " + SHORTEN
                    : "The main text (everything before the references) is too short: "
                            + String.join("; ", checked.gates().results().stream()
                                    .filter(result -> result.gate() == Gate.PAGES)
                                    .flatMap(result -> result.findings().stream()).toList()) + ". " + COMPLETE;
        };
    }

    private static String compileErrors(CheckedDraft checked) {
        if (!(checked.compile() instanceof CompileOutcome.Failed failed)) {
            return "";
        }
        List<String> lines = checked.tex().lines().toList();
        StringBuilder out = new StringBuilder();
        for (LatexIssue error : failed.errors()) {
            out.append("- ").append(error.kind()).append(": ").append(error.describe()).append('\n');
            if (error.line() > 0 && error.line() <= lines.size()) {
                for (int n = Math.max(1, error.line() - CONTEXT); n <= Math.min(lines.size(), error.line() + CONTEXT);
                        n++) {
                    out.append(n == error.line() ? "  > " : "    ").append(n).append(": ").append(lines.get(n - 1))
                            .append('\n');
                }
            }
        }
        return out.toString();
    }
}
