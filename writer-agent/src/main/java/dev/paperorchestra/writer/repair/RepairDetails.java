package dev.paperorchestra.writer.repair;

import dev.paperorchestra.runtime.latex.CompileOutcome;
import dev.paperorchestra.runtime.latex.LatexIssue;
import java.util.List;

/** What a repair call is told about the problem: findings, errors with the lines around them, page counts. */
final class RepairDetails {

    private static final int CONTEXT = 3;

    private RepairDetails() {
    }

    static String of(Problem problem, CheckedDraft checked) {
        return switch (problem) {
            case GATES -> checked.gates().findingsText();
            case COMPILE -> compileErrors(checked);
            case PAGES -> "The main text (everything before the references) runs " + checked.mainTextPages()
                    + " pages; the guidelines allow " + checked.pageLimit() + ".";
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
