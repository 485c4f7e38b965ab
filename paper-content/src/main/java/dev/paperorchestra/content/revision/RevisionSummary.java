package dev.paperorchestra.content.revision;

import java.util.List;
import java.util.Map;

/**
 * revision/summary.json: what the revision did and whether its outputs can be trusted.
 *
 * @param paperId      the paper
 * @param mode         "offline" or a model mode, with its label
 * @param pointsByKind points per kind
 * @param planned      decisions before edits were tried, per decision
 * @param answered     decisions the response gives, per decision
 * @param edits        edits kept, rolled back and rejected
 * @param audit        the fabrication audit over every proposed edit
 * @param compile      the revised paper's compile
 * @param diff         the change-highlighted PDF
 * @param gates        the integrity gates on the submitted and the revised paper
 * @param validPdf     compiled, nothing undefined, and no gate that held for the submitted paper fails now
 * @param passed       a valid PDF and a clean audit (the command's exit status)
 */
public record RevisionSummary(String paperId, String mode, Map<PointKind, Long> pointsByKind,
        Map<DecisionKind, Long> planned, Map<DecisionKind, Long> answered, Edits edits, Audit audit, Compile compile,
        Compile diff, Gates gates, boolean validPdf, boolean passed) {

    public record Edits(long kept, long rolledBack, long rejected) {
    }

    /**
     * @param editsAudited every proposed edit
     * @param findings     "R1.2: number 0.087 is in neither …", one per finding, of edits the audit rejected
     * @param clean        true when no kept edit has a finding (the revised paper states nothing unsupported)
     */
    public record Audit(int editsAudited, List<String> findings, boolean clean) {

        public Audit {
            findings = List.copyOf(findings);
        }
    }

    /**
     * @param status  COMPILED, FAILED or SKIPPED
     * @param pages   pages of the PDF, 0 without one
     * @param message one line for people
     */
    public record Compile(String status, int pages, String message) {
    }

    /**
     * @param submittedFailed gates failing on the submitted paper
     * @param revisedFailed   gates failing on the revised paper
     * @param regressions     gates that held before and fail now (with their findings)
     */
    public record Gates(List<String> submittedFailed, List<String> revisedFailed, List<String> regressions) {

        public Gates {
            submittedFailed = List.copyOf(submittedFailed);
            revisedFailed = List.copyOf(revisedFailed);
            regressions = List.copyOf(regressions);
        }

        public boolean hold() {
            return regressions.isEmpty();
        }
    }
}
